// One-to-one read receipts through the official NIM Web SDK, both ways with a client of our own
// SDK: NIM's sendMsgReceipt (naming the message by its sender's client id) reaches our sender, and
// our receipt reaches the official SDK's onMsgReceipts and isMsgRemoteRead.
import { describe, expect, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Msg = Record<string, unknown> & { idServer: string; idClient: string; time: number };

describe('read receipts through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('sends and receives one-to-one read receipts', async () => {
    const alice = await official('nim-rcpt');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);

    const fromBob = await bob.nim.sendText({ scene: 'p2p', to: 'nim-rcpt', text: '看到了吗' });
    const received = (await alice.next('msg')) as Msg;
    await call(alice.nim, 'sendMsgReceipt', { msg: received });
    expect(await bob.events.next('msgreceipts')).toEqual([
      {
        sessionId: 'p2p-nim-rcpt',
        account: 'nim-rcpt',
        idServer: fromBob.idServer,
        time: fromBob.time,
      },
    ]);

    const sent = await call<Msg>(alice.nim, 'sendText', {
      scene: 'p2p',
      to: 'demo2',
      text: '看到了',
    });
    expect(alice.nim.isMsgRemoteRead!(sent)).toBe(false);
    const atBob = (await bob.events.next('msg')) as Parameters<NIM['sendMsgReceipt']>[0]['msg'];
    await bob.nim.sendMsgReceipt({ msg: atBob });
    const receipts = (await alice.next('MsgReceipts')) as Record<string, unknown>[];
    expect(receipts).toEqual([
      expect.objectContaining({ sessionId: 'p2p-demo2', msgReceiptTime: sent.time }),
    ]);
    expect(alice.nim.isMsgRemoteRead!(sent)).toBe(true);
  });
});
