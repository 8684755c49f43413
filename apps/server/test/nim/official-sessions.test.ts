// Sessions and unread counts through the official NIM Web SDK: the sync gives it the read acks of
// the account's other devices (NIM's syncSessionAck), resetting a session's unread count reaches
// the suite.server (markSessionAck) and the account's devices of our own SDK, and a read on one of
// those reaches it live (NIM's syncMarkSessionAck). Shapes as in the SDK's NIMSession.
import { describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { connectClient, demoOptions, Events } from '../im-link/clients.ts';
import { officialSuite, type Account } from './official-suite.ts';

interface NimSession {
  id: string;
  scene: string;
  to: string;
  updateTime: number;
  unread: number;
  lastMsg: { text?: string; from: string };
}

describe('sessions and unread counts of the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, newAccount } = suite;
  /** An official client that keeps unread counts on the suite.server (NIM's syncSessionUnread). */
  const official = (account: Account) =>
    suite.official(account, { waitForSync: false, extra: { syncSessionUnread: true } });

  /** A device of our own SDK logged in as the same account. */
  const ourDevice = async (account: { accid: string; token: string }) => {
    const events = new Events();
    const nim = NIM.getInstance({
      ...demoOptions(suite.server, 0),
      account: account.accid,
      token: account.token,
      ...events.callbacks(),
    });
    ours.push(nim);
    await nim.connect();
    await events.next('syncdone');
    return { nim, events };
  };
  const sessionOf = (sessions: unknown, id: string) =>
    (sessions as NimSession[]).find((s) => s.id === id);

  it('counts messages missed while away as unread, and a reset reaches the suite.server', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-unread');
    for (const text of ['早上好', '在吗？'])
      await bob.nim.sendText({ scene: 'p2p', to: account.accid, text });

    const alice = await official(account);
    await alice.next('syncdone');
    const session = sessionOf(await alice.next('sessions'), 'p2p-demo2');
    expect(session).toMatchObject({
      id: 'p2p-demo2',
      scene: 'p2p',
      to: 'demo2',
      unread: 2,
      updateTime: expect.any(Number),
      lastMsg: { text: '在吗？', from: 'demo2' },
    });

    await new Promise<void>((resolve, reject) =>
      alice.nim.resetSessionUnread!('p2p-demo2', (err: unknown) => (err ? reject(err) : resolve())),
    );
    // The account's device of our own SDK, logging in after, finds the session read.
    const other = await ourDevice(account);
    const mine = (await other.events.next('sessions')) as NimSession[];
    expect(mine.find((s) => s.id === 'p2p-demo2')).toMatchObject({ unread: 0 });
  });

  it('takes the reads of the account’s other devices from the sync and live', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-acks');
    for (const text of ['一', '二', '三'])
      await bob.nim.sendText({ scene: 'p2p', to: account.accid, text });
    // Another device of the account reads the conversation before the official client logs in.
    const other = await ourDevice(account);
    await other.nim.resetSessionUnread('p2p-demo2');
    await other.events.until(() =>
      other.events
        .all<{ id: string; unread: number }>('updatesession')
        .some((s) => s.id === 'p2p-demo2' && s.unread === 0),
    );

    const alice = await official(account);
    await alice.next('syncdone');
    expect(sessionOf(await alice.next('sessions'), 'p2p-demo2')).toMatchObject({
      unread: 0,
      lastMsg: { text: '三' },
    });

    // A new message counts once; the other device's read of it clears it here too.
    await bob.nim.sendText({ scene: 'p2p', to: account.accid, text: '四' });
    expect(await alice.next('msg')).toMatchObject({ text: '四', from: 'demo2' });
    expect(sessionOf(await alice.next('updatesessions'), 'p2p-demo2')).toMatchObject({
      unread: 1,
      lastMsg: { text: '四' },
    });
    await other.events.until(() =>
      other.events.all<{ text?: string }>('msg').some((m) => m.text === '四'),
    );
    await other.nim.resetSessionUnread('p2p-demo2');
    for (;;) {
      const update = sessionOf(await alice.next('updatesessions'), 'p2p-demo2');
      if (update?.unread === 0) break;
    }
  });
});
