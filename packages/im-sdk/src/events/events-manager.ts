// Presence events (document 2: publish, subscribe, unsubscribe and query, by accounts or by
// type; account lists go out in batches of 100; the ranges of its table are checked here first).
import {
  EVENTS,
  ImError,
  LIMITS,
  type DeliveredEvent,
  type PublishedEvent,
  type Subscription,
} from '@morsel/protocol';
import type { Emit, OnPush, Send } from '../context.ts';
import { withDone, type Done } from '../util/done.ts';

function checkType(type: number): string | null {
  return Number.isInteger(type) &&
    (type === 1 ||
      type === 2 ||
      type === 3 ||
      (type >= EVENTS.customTypeMin && type <= EVENTS.customTypeMax))
    ? null
    : `event type must be 1, 2, 3 or ${EVENTS.customTypeMin} to ${EVENTS.customTypeMax}`;
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LIMITS.eventAccountsBatch)
    out.push(items.slice(i, i + LIMITS.eventAccountsBatch));
  return out;
}

const refuse = <T>(message: string, done?: Done<T>) =>
  withDone(Promise.reject(new ImError('Param_Error', message)), done);

export interface EventsContext {
  send: Send;
  onPush: OnPush;
  emit: Emit;
}

export class EventsManager {
  constructor(private readonly context: EventsContext) {
    this.context.onPush('pushEvents', ({ events }) => this.context.emit('onpushevents', events));
    this.context.onPush('pushEvent', ({ event }) => this.context.emit('onpushevents', [event]));
  }

  publishEvent(options: PublishedEvent & { done?: Done<DeliveredEvent> }) {
    const { done, ...event } = options;
    const problem = checkType(event.type);
    if (problem) return refuse(problem, done);
    if (
      event.validTime !== undefined &&
      (event.validTime < EVENTS.validTimeMinS || event.validTime > EVENTS.validTimeMaxS)
    ) {
      return refuse(`validTime must be ${EVENTS.validTimeMinS} to ${EVENTS.validTimeMaxS} s`, done);
    }
    if (event.broadcastType !== undefined && event.broadcastType !== 1 && event.broadcastType !== 2)
      return refuse('broadcastType must be 1 or 2', done);
    return withDone(
      this.context.send('publishEvent', { event }).then((reply) => reply.event),
      done,
    );
  }

  /** Subscribes to accounts' events; resolves the accounts that failed and, with sync, their current events. */
  subscribeEvent(options: {
    type: number;
    accounts: string[];
    subscribeTime?: number;
    sync?: boolean;
    done?: Done<{ failedAccounts: string[]; events: DeliveredEvent[] }>;
  }) {
    const { done, accounts, ...rest } = options;
    const problem = checkType(rest.type);
    if (problem) return refuse(problem, done);
    if (
      rest.subscribeTime !== undefined &&
      (rest.subscribeTime < EVENTS.subscribeTimeMinS ||
        rest.subscribeTime > EVENTS.subscribeTimeMaxS)
    ) {
      return refuse(
        `subscribeTime must be ${EVENTS.subscribeTimeMinS} to ${EVENTS.subscribeTimeMaxS} s`,
        done,
      );
    }
    if (accounts.length === 0) return refuse('accounts must not be empty', done);
    const work = Promise.all(
      batches(accounts).map((batch) =>
        this.context.send('subscribeEvent', { ...rest, type: rest.type as never, accounts: batch }),
      ),
    ).then((replies) => {
      const result = {
        failedAccounts: replies.flatMap((r) => r.failedAccounts),
        events: replies.flatMap((r) => r.events),
      };
      if (result.events.length) this.context.emit('onpushevents', result.events);
      return result;
    });
    return withDone(work, done);
  }

  unSubscribeEventsByAccounts(options: { type: number; accounts: string[]; done?: Done<void> }) {
    const problem = checkType(options.type);
    if (problem) return refuse(problem, options.done);
    const work = Promise.all(
      batches(options.accounts).map((batch) =>
        this.context.send('unSubscribeEventsByAccounts', {
          type: options.type as never,
          accounts: batch,
        }),
      ),
    ).then(() => {});
    return withDone(work, options.done);
  }

  unSubscribeEventsByType(options: { type: number; done?: Done<void> }) {
    const problem = checkType(options.type);
    if (problem) return refuse(problem, options.done);
    return withDone(
      this.context.send('unSubscribeEventsByType', { type: options.type as never }).then(() => {}),
      options.done,
    );
  }

  querySubscribeEventsByAccounts(options: {
    type: number;
    accounts: string[];
    done?: Done<Subscription[]>;
  }) {
    const problem = checkType(options.type);
    if (problem) return refuse(problem, options.done);
    const work = Promise.all(
      batches(options.accounts).map((batch) =>
        this.context.send('querySubscribeEventsByAccounts', {
          type: options.type as never,
          accounts: batch,
        }),
      ),
    ).then((replies) => replies.flatMap((r) => r.subscriptions));
    return withDone(work, options.done);
  }

  querySubscribeEventsByType(options: { type: number; done?: Done<Subscription[]> }) {
    const problem = checkType(options.type);
    if (problem) return refuse(problem, options.done);
    return withDone(
      this.context
        .send('querySubscribeEventsByType', { type: options.type as never })
        .then((r) => r.subscriptions),
      options.done,
    );
  }
}
