// Events through the official NIM Web SDK, with a client of our own SDK: subscribing, a custom
// event published by either side reaching the other (onpushevents), and querying subscriptions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from '../im-link/clients.ts';
import { guardLoopback } from './loopback-guard.ts';
import { call, destroyOfficial, officialClient, type OfficialClient } from './official-sdk.ts';

const TYPE = 100_001;

describe('events through the official NIM Web SDK', () => {
  let server: TestServer;
  const clients: OfficialClient[] = [];
  const ours: NIM[] = [];
  let unguard: () => void;
  beforeAll(async () => {
    unguard = guardLoopback();
    server = await startTestServer({ imCommandsPerSecond: 10_000 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => destroyOfficial(c.nim)));
    await Promise.all(ours.splice(0).map((nim) => nim.destroy()));
  });
  afterAll(async () => {
    await server?.stop();
    unguard?.();
  });

  it('subscribes, publishes and receives custom events both ways', async () => {
    const { appKey } = server.server.seeded;
    const { token } = await server.server.imAccounts.create({ appKey, accid: 'nim-events' });
    const alice = officialClient(server, { accid: 'nim-events', token });
    clients.push(alice);
    await alice.next('syncdone');
    const bob = await connectClient(server, 1);
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
