// Presence events with real SDK clients: online state at login and logout, custom events,
// subscriptions and their queries, and the ranges of document 2.
import { describe, expect, it } from 'vitest';
import type { DeliveredEvent } from '@morsel/protocol';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;

describe('presence events', () => {
  it('tells subscribers when an account comes online and goes offline after its last device', async () => {
    const a = await client(0);
    const { failedAccounts } = await a.nim.subscribeEvent({
      type: 1,
      accounts: ['demo2', 'nobody'],
      subscribeTime: 600,
    });
    expect(failedAccounts).toEqual(['nobody']);
    const b1 = await client(1, { deviceId: 'b1' });
    expect(await a.events.next<DeliveredEvent[]>('pushevents')).toEqual([
      expect.objectContaining({ type: 1, value: 1, account: 'demo2' }),
    ]);
    const b2 = await client(1, { deviceId: 'b2' });
    await a.events.next('pushevents'); // online again from the second device
    await b1.nim.logout();
    await b2.nim.getServerTime();
    await new Promise((r) => setTimeout(r, 100));
    expect(
      a.events
        .all<DeliveredEvent[]>('pushevents')
        .flat()
        .filter((e) => e.value === 2),
    ).toEqual([]);
    await b2.nim.logout();
    expect(await a.events.next<DeliveredEvent[]>('pushevents')).toEqual([
      expect.objectContaining({ type: 1, value: 2, account: 'demo2' }),
    ]);
  });

  it('returns current states at subscription with sync, and delivers custom events', async () => {
    await client(1);
    const a = await client(0);
    const { events } = await a.nim.subscribeEvent({ type: 1, accounts: ['demo2'], sync: true });
    expect(events).toEqual([expect.objectContaining({ account: 'demo2', value: 1 })]);

    const c = await client(2);
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo3'] });
    const published = await c.nim.publishEvent({
      type: 100001,
      value: 7,
      custom: '{"status":"忙碌"}',
      validTime: 3600,
    });
    expect(published).toMatchObject({ account: 'demo3', value: 7 });
    const pushed = await a.events
      .until(() =>
        a.events
          .all<DeliveredEvent[]>('pushevents')
          .flat()
          .some((e) => e.type === 100001),
      )
      .then(() =>
        a.events
          .all<DeliveredEvent[]>('pushevents')
          .flat()
          .find((e) => e.type === 100001),
      );
    expect(pushed).toMatchObject({ custom: '{"status":"忙碌"}', value: 7 });
    await expect(c.nim.publishEvent({ type: 1, value: 1 })).rejects.toMatchObject({ code: 403 });
  });

  it('queries and removes subscriptions, batching accounts by 100', async () => {
    const a = await client(0);
    const many = ['demo2', 'demo3', ...Array.from({ length: 150 }, (_, i) => `ghost${i}`)];
    const { failedAccounts } = await a.nim.subscribeEvent({ type: 2, accounts: many });
    expect(failedAccounts).toHaveLength(150);
    expect((await a.nim.querySubscribeEventsByType({ type: 2 })).map((s) => s.to).sort()).toEqual([
      'demo2',
      'demo3',
    ]);
    const [sub] = await a.nim.querySubscribeEventsByAccounts({ type: 2, accounts: ['demo2'] });
    expect(sub).toMatchObject({ type: 2, to: 'demo2', subscribeTime: 2592000 });
    await a.nim.unSubscribeEventsByAccounts({ type: 2, accounts: ['demo2'] });
    expect((await a.nim.querySubscribeEventsByType({ type: 2 })).map((s) => s.to)).toEqual([
      'demo3',
    ]);
    await a.nim.unSubscribeEventsByType({ type: 2 });
    expect(await a.nim.querySubscribeEventsByType({ type: 2 })).toEqual([]);
  });

  it('checks the ranges of document 2', async () => {
    const a = await client(0);
    await expect(a.nim.subscribeEvent({ type: 4, accounts: ['demo2'] })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(
      a.nim.subscribeEvent({ type: 1, accounts: ['demo2'], subscribeTime: 59 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(
      a.nim.subscribeEvent({ type: 1, accounts: ['demo2'], subscribeTime: 2592001 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(
      a.nim.publishEvent({ type: 100000, value: 1, validTime: 604801 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(a.nim.publishEvent({ type: 99999, value: 1 })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(a.nim.publishEvent({ type: 2 ** 31, value: 1 })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(
      a.nim.publishEvent({ type: 100000, value: 1, broadcastType: 3 as 1 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(
      a.nim.sendCmd('subscribeEvent', { type: 7 as 1, accounts: ['demo2'] }),
    ).rejects.toMatchObject({ code: 414 });
  });
});
