// Two gateway processes sharing Redis (bus and presence) and PostgreSQL: an account's devices
// on different processes see and kick each other. Runs when Redis and PostgreSQL answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import {
  checkPostgres,
  checkRedis,
  startServerPair,
  type ServerPair,
  type TestServer,
} from '../harness/index.ts';
import { demoOptions, Events } from './clients.ts';

const ready = (await checkRedis()) && (await checkPostgres());

describe.runIf(ready)('two gateway processes on Redis and PostgreSQL', () => {
  let pair: ServerPair | undefined;
  let one: TestServer;
  let two: TestServer;
  const opened: NIM[] = [];

  beforeAll(async () => {
    pair = await startServerPair({
      imAppKey: 'clusterApp01',
      imAppSecret: 'cluster-secret-01',
    });
    ({ one, two } = pair);
  });
  afterAll(async () => {
    await Promise.all(opened.map((nim) => nim.destroy()));
    await pair?.stop();
  });

  /** Each instance gets its own spelling of demo1 so the SDK's per-account cache keeps them apart. */
  async function device(
    server: TestServer,
    spelling: string,
    extra: Parameters<typeof demoOptions>[2] = {},
  ) {
    const events = new Events();
    const nim = NIM.getInstance({
      ...demoOptions(server, 0, extra),
      account: spelling,
      ...events.callbacks(),
    });
    opened.push(nim);
    const reply = await nim.connect();
    return { nim, events, reply };
  }

  it('shows login ports across processes and tells each process of changes', async () => {
    const first = await device(one, 'demo1');
    const second = await device(two, 'Demo1');
    expect(second.reply.loginPorts.map((p) => p.connectionId)).toContain(first.reply.connectionId);
    expect(await first.events.next('loginportschange')).toEqual([
      expect.objectContaining({ online: true, connectionId: second.reply.connectionId }),
    ]);
    await second.nim.logout();
    expect(await first.events.next('loginportschange')).toEqual([
      expect.objectContaining({ online: false }),
    ]);
    await first.nim.logout();
  });

  it('kicks the older phone on the other process', async () => {
    const phone = await device(one, 'dEmo1', { clientType: 'Android' });
    await device(two, 'deMo1', { clientType: 'iOS' });
    expect(await phone.events.next('disconnect')).toMatchObject({
      code: 'kicked',
      reason: 'samePlatformKick',
    });
  });

  it('kicks an account blocked through the other process', async () => {
    const web = await device(one, 'demO1');
    await two.server.imAccounts.block('clusterApp01', 'demo1');
    try {
      expect(await web.events.next('disconnect')).toMatchObject({
        code: 'kicked',
        reason: 'serverKick',
      });
    } finally {
      await two.server.imAccounts.unblock('clusterApp01', 'demo1');
    }
  });
});
