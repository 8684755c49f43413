// The room's queue: offer (add or replace), poll (take the head or a key), list, peak (NIM's
// spelling of peek), drop (clear), change (an existing element), init (the size limit) and a
// batch change. A transient element leaves the queue when its owner leaves: the member who put it
// there, or the member an owner or manager offered it for.
import type { Done } from '../util/done.ts';
import type { RoomCall } from './call.ts';

export interface QueueElement {
  key: string;
  value: string;
}

const toElement = (e: { elementKey: string; elementValue: string }): QueueElement => ({
  key: e.elementKey,
  value: e.elementValue,
});

interface ElementOptions {
  elementKey: string;
  elementValue: string;
  transient?: boolean;
  done?: Done<void>;
}

export class ChatroomQueue {
  constructor(private readonly call: RoomCall) {}

  /** `elementAccount`: whose element it is (another member's: the owner and managers only). */
  queueOffer(options: ElementOptions & { elementAccount?: string }) {
    const { elementAccount } = options;
    return this.call(
      'chatroomQueueOffer',
      { ...element(options), ...(elementAccount !== undefined && { elementAccount }) },
      options.done,
      () => undefined,
    );
  }

  queueChange(options: ElementOptions) {
    return this.call('chatroomQueueChange', element(options), options.done, () => undefined);
  }

  queuePoll(options: { elementKey?: string; done?: Done<QueueElement> } = {}) {
    return this.call(
      'chatroomQueuePoll',
      { ...(options.elementKey !== undefined && { elementKey: options.elementKey }) },
      options.done,
      (reply) => toElement(reply.element),
    );
  }

  queueList(options: { done?: Done<QueueElement[]> } = {}) {
    return this.call('chatroomQueueList', {}, options.done, (reply) =>
      reply.elements.map(toElement),
    );
  }

  peak(options: { done?: Done<QueueElement> } = {}) {
    return this.call('chatroomPeek', {}, options.done, (reply) => toElement(reply.element));
  }

  queueDrop(options: { done?: Done<void> } = {}) {
    return this.call('chatroomDrop', {}, options.done, () => undefined);
  }

  /** The most elements the queue holds from now on (0-1000); the owner and managers only. */
  queueInit(options: { limit: number; done?: Done<void> }) {
    return this.call('chatroomQueueInit', { limit: options.limit }, options.done, () => undefined);
  }

  /**
   * New values for elements already in the queue, at once (NIM's batch queueChange); the keys
   * not in the queue are answered. One batchUpdateQueue notification when needNotify.
   */
  batchUpdateChatroomQueue(options: {
    elementMap: Record<string, string>;
    needNotify?: boolean;
    notifyExt?: string;
    done?: Done<{ elementKeyArray: string[] }>;
  }) {
    return this.call(
      'chatroomQueueBatchUpdate',
      {
        elements: options.elementMap,
        needNotify: options.needNotify ?? false,
        ...(options.notifyExt !== undefined && { custom: options.notifyExt }),
      },
      options.done,
      (reply) => ({ elementKeyArray: reply.notInQueue }),
    );
  }
}

function element(options: ElementOptions) {
  return {
    elementKey: options.elementKey,
    elementValue: options.elementValue,
    ...(options.transient !== undefined && { transient: options.transient }),
  };
}
