// The events manager alone, on a fake context: the event type's ranges checked first, account
// lists sent in batches of 100 and their replies merged, current events told on subscribing.
import { LIMITS, type DeliveredEvent } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test-context.ts';
import { EventsManager } from './events-manager.ts';

describe('EventsManager', () => {
  it('subscribes in batches of 100 and merges what they answer', async () => {
    const event = { type: 1, value: 1, account: 'a0' } as unknown as DeliveredEvent;
    const context = fakeContext({
      subscribeEvent: ({ accounts }) => ({
        failedAccounts: accounts.filter((a) => a.endsWith('7')),
        events: accounts.includes('a0') ? [event] : [],
      }),
    });
    const events = new EventsManager(context);
    const accounts = Array.from({ length: 250 }, (_, i) => `a${i}`);
    const result = await events.subscribeEvent({ type: 1, accounts, sync: true });
    expect(context.sent.map((c) => (c.params as { accounts: string[] }).accounts.length)).toEqual([
      LIMITS.eventAccountsBatch,
      LIMITS.eventAccountsBatch,
      50,
    ]);
    expect(result.failedAccounts).toHaveLength(25);
    expect(context.calls('onpushevents')).toEqual([[[event]]]);
  });

  it('refuses an event type outside the table before sending', async () => {
    const context = fakeContext();
    const events = new EventsManager(context);
    await expect(events.publishEvent({ type: 4, value: 1 } as never)).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(events.unSubscribeEventsByType({ type: 0 })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    expect(context.sent).toEqual([]);
  });

  it('tells pushed events, one or many, through onpushevents', () => {
    const context = fakeContext();
    new EventsManager(context);
    const event = { type: 1, value: 2, account: 'ann' } as unknown as DeliveredEvent;
    context.push('pushEvent', { event });
    context.push('pushEvents', { events: [event, event] });
    expect(context.calls('onpushevents').map(([list]) => list.length)).toEqual([1, 2]);
  });
});
