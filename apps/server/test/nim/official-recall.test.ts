// Recalls through the official NIM Web SDK, both ways with a client of our own SDK: NIM's
// recallMsg reaches ours as a recall notice, and our recall reaches the official SDK's onsysmsg
// as NIM's deleteMsg system message naming the recalled message.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from '../im-link/clients.ts';
import { guardLoopback } from './loopback-guard.ts';
import { call, destroyOfficial, officialClient, type OfficialClient } from './official-sdk.ts';

type Msg = Record<string, unknown> & { idServer: string; idClient: string };

describe('recalls through the official NIM Web SDK', () => {
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

  const official = async (accid: string) => {
    const { appKey } = server.server.seeded;
    const { token } = await server.server.imAccounts.create({ appKey, accid, name: accid });
    const client = officialClient(server, { accid, token });
    clients.push(client);
    await client.next('syncdone');
    return client;
  };

  it('recalls a message both ways', async () => {
    const alice = await official('nim-recall');
    const bob = await connectClient(server, 1);
    ours.push(bob.nim);

    const sent = await call<Msg>(alice.nim, 'sendText', {
      scene: 'p2p',
      to: 'demo2',
      text: '发错了',
    });
    await bob.events.next('msg');
    await call(alice.nim, 'recallMsg', { msg: sent });
    expect(await bob.events.next('sysmsg')).toMatchObject({
      type: 'deleteMsg',
      scene: 'p2p',
      from: 'nim-recall',
      deletedIdServer: sent.idServer,
      deletedIdClient: sent.idClient,
    });
    // Only the sender may recall: the official SDK's own check, and the server's behind it.
    const fromBob = await bob.nim.sendText({ scene: 'p2p', to: 'nim-recall', text: '撤回我' });
    const received = (await alice.next('msg')) as Msg;
    await expect(call(alice.nim, 'recallMsg', { msg: received })).rejects.toBeTruthy();

    await bob.nim.deleteMsg({ msg: fromBob });
    const notice = (await alice.next('sysmsg')) as Record<string, unknown>;
    expect(notice).toMatchObject({
      type: 'deleteMsg',
      scene: 'p2p',
      from: 'demo2',
      to: 'nim-recall',
      deletedIdServer: fromBob.idServer,
      deletedIdClient: fromBob.idClient,
      deletedMsgTime: fromBob.time,
      msg: { idServer: fromBob.idServer, idClient: fromBob.idClient, sessionId: 'p2p-demo2' },
    });
    // The history no longer holds it.
    const history = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'p2p',
      to: 'demo2',
    });
    expect(history.msgs.map((m) => m.idServer)).not.toContain(fromBob.idServer);
    expect(history.msgs.map((m) => m.idServer)).not.toContain(sent.idServer);
  });
});
