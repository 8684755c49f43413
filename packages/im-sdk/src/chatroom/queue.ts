// The room's queue: offer (add or replace), poll (take the head or a key), list, peak (NIM's
// spelling of peek), drop (clear), change (an existing element). A transient element leaves the
// queue when the member who put it there leaves the room.
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

  queueOffer(options: ElementOptions) {
    return this.call('chatroomQueueOffer', element(options), options.done, () => undefined);
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
}

function element(options: ElementOptions) {
  return {
    elementKey: options.elementKey,
    elementValue: options.elementValue,
    ...(options.transient !== undefined && { transient: options.transient }),
  };
}
