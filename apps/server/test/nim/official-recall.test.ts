// Recalls through the official NIM Web SDK, both ways with a client of our own SDK: NIM's
// recallMsg reaches ours as a recall notice, and our recall reaches the official SDK's onsysmsg
// as NIM's deleteMsg system message naming the recalled message.
import { describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Msg = Record<string, unknown> & { idServer: string; idClient: string };

describe('recalls through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('recalls a message both ways', async () => {
    const alice = await official('nim-recall');
    const bob = await connectClient(suite.server, 1);
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
    // Only the sender may recall: the official SDK's own check, and the suite.server's behind it.
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
