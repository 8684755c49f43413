// Events through the official NIM Web SDK, with a client of our own SDK: subscribing, a custom
// event published by either side reaching the other (onpushevents), and querying subscriptions.
import { describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

const TYPE = 100_001;

describe('events through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('subscribes, publishes and receives custom events both ways', async () => {
    const alice = await official('nim-events');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);

    const failed = await call<{ failedAccounts: string[] }>(alice.nim, 'subscribeEvent', {
      type: TYPE,
      accounts: ['demo2'],
      subscribeTime: 3600,
      sync: false,
    });
    expect(failed.failedAccounts ?? []).toEqual([]);
    await bob.nim.subscribeEvent({ type: TYPE, accounts: ['nim-events'], subscribeTime: 3600 });

    await bob.nim.publishEvent({
      type: TYPE,
      value: 3,
      custom: '{"mood":"hungry"}',
      validTime: 60,
    });
    // NIMPushEventInfo: type, value and time are text, as NIM's types declare them.
    const pushed = (await alice.next('pushevents')) as { msgEvents: Record<string, unknown>[] };
    expect(pushed.msgEvents).toEqual([
      expect.objectContaining({
        type: String(TYPE),
        value: '3',
        account: 'demo2',
        custom: '{"mood":"hungry"}',
      }),
    ]);

    const published = await call<Record<string, unknown>>(alice.nim, 'publishEvent', {
      type: TYPE,
      value: 7,
      custom: 'snack time',
      validTime: 60,
    });
    expect(published).toMatchObject({ type: String(TYPE), value: '7' });
    expect(await bob.events.next('pushevents')).toEqual([
      expect.objectContaining({ type: TYPE, value: 7, account: 'nim-events' }),
    ]);

    const subscriptions = await call<{ msgEventSubscribes: Record<string, unknown>[] }>(
      alice.nim,
      'querySubscribeEventsByAccounts',
      { type: TYPE, accounts: ['demo2'] },
    );
    expect(JSON.stringify(subscriptions)).toContain('demo2');
    await call(alice.nim, 'unSubscribeEventsByAccounts', { type: TYPE, accounts: ['demo2'] });
  });
});
