// Presence events over time, with real SDK clients against a server whose clock the test moves
// by hand (ServerServices.clock, the IM's one clock): subscriptions end after subscribeTime, kept
// events after validTime (document 2: 60 to 2592000 s and 60 to 604800 s). Also queries by more
// accounts than one batch of 100.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliveredEvent } from '@morsel/protocol';
import { ManualClock } from '../harness/index.ts';
import { imSuite } from './suite.ts';

const clock = new ManualClock();
const suite = imSuite({ fresh: 'each', services: { clock } });
const client = suite.client;

const pushed = (events: { all<T>(name: string): T[] }, type: number) =>
  events
    .all<DeliveredEvent[]>('pushevents')
    .flat()
    .filter((e) => e.type === type);

describe('presence events over time', () => {
  beforeEach(() => clock.set(Date.now()));

  it('deletes an account’s expired subscriptions and kept events when it logs in or writes new ones', async () => {
    const a = await client(0);
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2', 'demo3'], subscribeTime: 60 });
    await a.nim.publishEvent({ type: 100002, value: 1, validTime: 60 });
    const rows = async () => {
      const db = suite.server.server.store.db;
      const subs = await db
        .selectFrom('im_event_subs')
        .select('target')
        .where('subscriber', '=', 'demo1')
        .execute();
      const kept = await db
        .selectFrom('im_events')
        .select('type')
        .where('account', '=', 'demo1')
        .where('type', '!=', 1)
        .execute();
      return { subs: subs.length, kept: kept.length };
    };
    expect(await rows()).toEqual({ subs: 2, kept: 1 });
    clock.advance(61_000);
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2'], subscribeTime: 60 });
    expect(await rows()).toEqual({ subs: 1, kept: 0 });
    clock.advance(61_000);
    await client(0, { deviceId: 'a-again' }); // a login prunes too
    expect(await rows()).toEqual({ subs: 0, kept: 0 });
  });

  it('stops delivering to a subscription once its subscribeTime has passed, and no longer lists it', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2'], subscribeTime: 60 });
    await c.nim.subscribeEvent({ type: 100001, accounts: ['demo2'], subscribeTime: 120 });

    clock.advance(59_000);
    await b.nim.publishEvent({ type: 100001, value: 1, broadcastType: 1 });
    await a.events.until(() => pushed(a.events, 100001).length === 1);
    await c.events.until(() => pushed(c.events, 100001).length === 1);

    clock.advance(2_000); // 61 s after subscribing: a's subscription has ended, c's has not
    await b.nim.publishEvent({ type: 100001, value: 2, broadcastType: 1 });
    await c.events.until(() => pushed(c.events, 100001).some((e) => e.value === 2));
    await a.nim.getServerTime(); // a round trip: a push sent to a before c's would be here by now
    expect(pushed(a.events, 100001).map((e) => e.value)).toEqual([1]);

    expect(await a.nim.querySubscribeEventsByType({ type: 100001 })).toEqual([]);
    expect(
      await a.nim.querySubscribeEventsByAccounts({ type: 100001, accounts: ['demo2'] }),
    ).toEqual([]);
    expect(
      await c.nim.querySubscribeEventsByAccounts({ type: 100001, accounts: ['demo2'] }),
    ).toEqual([
      expect.objectContaining({
        to: 'demo2',
        subscribeTime: 120,
        expiresAt: clock.now() - 61_000 + 120_000,
      }),
    ]);

    // Subscribing again starts a new period.
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2'], subscribeTime: 60 });
    await b.nim.publishEvent({ type: 100001, value: 3, broadcastType: 1 });
    await a.events.until(() => pushed(a.events, 100001).some((e) => e.value === 3));
  });

  it('the default subscribeTime is 2592000 s', async () => {
    const a = await client(0);
    const b = await client(1);
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2'] });
    clock.advance(2_592_000_000 - 1_000);
    await b.nim.publishEvent({ type: 100001, value: 1, broadcastType: 1 });
    await a.events.until(() => pushed(a.events, 100001).length === 1);
    clock.advance(2_000);
    expect(await a.nim.querySubscribeEventsByType({ type: 100001 })).toEqual([]);
  });

  it('returns a kept event to new subscribers only until its validTime has passed', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    await b.nim.publishEvent({ type: 100002, value: 5, validTime: 60 });
    await b.nim.publishEvent({ type: 100003, value: 6 }); // default validTime 604800 s

    clock.advance(59_000);
    const early = await a.nim.subscribeEvent({ type: 100002, accounts: ['demo2'], sync: true });
    expect(early.events).toEqual([
      expect.objectContaining({ account: 'demo2', type: 100002, value: 5 }),
    ]);

    clock.advance(2_000);
    const late = await c.nim.subscribeEvent({ type: 100002, accounts: ['demo2'], sync: true });
    expect(late.events).toEqual([]);
    expect(pushed(c.events, 100002)).toEqual([]);
    // The subscription itself is made; a new event reaches it.
    await b.nim.publishEvent({ type: 100002, value: 7, validTime: 60 });
    await c.events.until(() => pushed(c.events, 100002).some((e) => e.value === 7));

    // The default validTime: still there just before 604800 s, gone after.
    clock.set(clock.now() - 61_000 + 604_800_000 - 1_000);
    expect(
      (await c.nim.subscribeEvent({ type: 100003, accounts: ['demo2'], sync: true })).events,
    ).toEqual([expect.objectContaining({ value: 6 })]);
    clock.advance(2_000);
    expect(
      (await a.nim.subscribeEvent({ type: 100003, accounts: ['demo2'], sync: true })).events,
    ).toEqual([]);
  });

  it('the online state published at login lasts 604800 s', async () => {
    await client(1);
    const a = await client(0);
    expect(
      (await a.nim.subscribeEvent({ type: 1, accounts: ['demo2'], sync: true })).events,
    ).toEqual([expect.objectContaining({ value: 1 })]);
    clock.advance(604_800_000 + 1_000);
    expect(
      (await a.nim.subscribeEvent({ type: 1, accounts: ['demo2'], sync: true })).events,
    ).toEqual([]);
  });

  it('queries subscriptions by more accounts than one batch of 100, and unsubscribes them the same way', async () => {
    const { appKey } = suite.server.server.seeded;
    const accounts = Array.from({ length: 230 }, (_, i) => `crowd${String(i).padStart(3, '0')}`);
    for (const accid of accounts)
      await suite.server.server.imAccounts.create({ appKey, accid, name: accid });
    const a = await client(0);
    const { failedAccounts } = await a.nim.subscribeEvent({
      type: 2,
      accounts: [...accounts, 'nobody'],
      subscribeTime: 3600,
    });
    expect(failedAccounts).toEqual(['nobody']);

    const queried = await a.nim.querySubscribeEventsByAccounts({
      type: 2,
      accounts: [...accounts, 'nobody'],
    });
    expect(queried.map((s) => s.to).sort()).toEqual(accounts);
    expect(queried.every((s) => s.subscribeTime === 3600)).toBe(true);
    expect(await a.nim.querySubscribeEventsByType({ type: 2 })).toHaveLength(230);

    await a.nim.unSubscribeEventsByAccounts({ type: 2, accounts: accounts.slice(0, 205) });
    expect(
      (await a.nim.querySubscribeEventsByAccounts({ type: 2, accounts })).map((s) => s.to).sort(),
    ).toEqual(accounts.slice(205));

    // One frame of more than 100 accounts is refused by the server (the SDK never sends one).
    await expect(
      a.nim.sendCmd('querySubscribeEventsByAccounts', {
        type: 2,
        accounts: accounts.slice(0, 101),
      }),
    ).rejects.toMatchObject({ code: 414 });
  });
});
