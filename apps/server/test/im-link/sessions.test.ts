// Sessions, unread counts across devices, history, recall, one-way delete, receipts.
import { describe, expect, it } from 'vitest';
import { NIM, type ClientMsg } from '@morsel/im-sdk';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { imSuite } from './suite.ts';
import { demoOptions, Events } from './clients.ts';

const suite = imSuite({ fresh: 'all' });
const opened = suite.opened;
const client = (
  target: TestServer,
  index: number,
  extra: Parameters<typeof suite.client>[1] = {},
) => suite.client(index, extra, target);

async function sendMany(nim: NIM, to: string, count: number, label: string): Promise<ClientMsg[]> {
  const out: ClientMsg[] = [];
  for (let i = 0; i < count; i++)
    out.push(await nim.sendText({ scene: 'p2p', to, text: `${label} ${i}` }));
  return out;
}

describe('unread counts across devices', () => {
  it('agree after reads on one device, reconnects and a fresh sync', async () => {
    const own = await startTestServer({ imCommandsPerSecond: 10_000 });
    try {
      const a = await client(own, 0);
      const b1 = await client(own, 1, { deviceId: 'b-phone' });
      const b2 = await client(own, 1, { deviceId: 'b-tab' });
      await sendMany(a.nim, 'demo2', 5, 'unread');
      const unreadOf = (nim: NIM) => nim.getLocalSession('p2p-demo1')?.unread;
      await b1.events.until(() => unreadOf(b1.nim) === 5);
      await b2.events.until(() => unreadOf(b2.nim) === 5);

      b1.nim.setCurrSession('p2p-demo1');
      expect(unreadOf(b1.nim)).toBe(0);
      await b2.events.until(() => unreadOf(b2.nim) === 0);

      // A message while b1 has the session open: read at once there, and so on b2 too.
      b1.events.seen.length = 0;
      await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'while reading' });
      await b1.events.until(() => b1.events.all('msg').length === 1);
      expect(unreadOf(b1.nim)).toBe(0);
      await b2.events.until(
        () => b2.nim.getLocalSession('p2p-demo1')?.lastMsg?.text === 'while reading',
      );
      await b2.events.until(() => unreadOf(b2.nim) === 0);

      b1.nim.resetCurrSession();
      await sendMany(a.nim, 'demo2', 2, 'later');
      await b2.events.until(() => unreadOf(b2.nim) === 2);
      // A third device syncing from nothing gets the suite.server's count.
      const b3 = await client(own, 1, { deviceId: 'b-new' });
      expect(unreadOf(b3.nim)).toBe(2);
      // The sender never counts its own messages.
      expect(a.nim.getLocalSession('p2p-demo2')?.unread).toBe(0);
    } finally {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await own.stop();
    }
  });

  it('ignores an ack that is not newer than the one held', async () => {
    const a = await client(suite.server, 0);
    const b = await client(suite.server, 1);
    const [msg] = await sendMany(a.nim, 'demo2', 1, 'ack');
    await b.events.until(() => b.events.all('msg').length === 1);
    b.nim.setCurrSession('p2p-demo1');
    await b.nim.getServerTime();
    await b.nim.sendCmd('markSessionAck', { scene: 'p2p', to: 'demo1', timetag: 1 }); // older: ignored
    const { session } = await b.nim.getServerSession({ sessionId: 'p2p-demo1' });
    expect(session?.ack).toBeGreaterThanOrEqual(msg!.time);
  });
});

describe('local and suite.server sessions', () => {
  it('refuses to insert an existing local session and to update a missing one; searches local sessions and users', async () => {
    const a = await client(suite.server, 0);
    a.nim.insertLocalSession({ scene: 'p2p', to: 'someone' });
    expect(() => a.nim.insertLocalSession({ scene: 'p2p', to: 'someone' })).toThrow(
      expect.objectContaining({ code: 'Session_Exist' }),
    );
    expect(() => a.nim.updateLocalSession({ id: 'p2p-missing', localCustom: 'x' })).toThrow(
      expect.objectContaining({ code: 'Session_Not_Exist' }),
    );
    expect(a.nim.updateLocalSession({ id: 'p2p-someone', localCustom: '置顶' }).localCustom).toBe(
      '置顶',
    );
    expect(a.nim.searchLocal({ keyword: '置顶', keyPath: 'session.localCustom' })).toHaveLength(1);
    expect(() => a.nim.searchLocal({ keyword: 'x', keyPath: 'team.name' })).toThrow(
      /user or session/,
    );
    // User key paths search the profiles this device holds.
    expect(a.nim.searchLocal({ keyword: 'DEMO2', keyPath: 'user.account' })).toEqual([]);
    await a.nim.getUsers({ accounts: ['demo2', 'demo3'] });
    expect(a.nim.searchLocal({ keyword: 'DEMO2', keyPath: 'user.account' })).toEqual([
      expect.objectContaining({ account: 'demo2' }),
    ]);
    expect(() => a.nim.searchLocal({ keyword: '' })).toThrow(/needs a keyword/);
  });

  it('lists, extends and deletes suite.server sessions', async () => {
    const a = await client(suite.server, 0);
    await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: 'session please' });
    const { sessions } = await a.nim.getServerSessions({ limit: 100 });
    const session = sessions.find((s) => s.id === 'p2p-demo3')!;
    expect(session).toMatchObject({
      scene: 'p2p',
      to: 'demo3',
      unread: 0,
      lastMsg: { text: 'session please' },
    });
    await a.nim.updateServerSession({ sessionId: 'p2p-demo3', ext: '{"pinned":true}' });
    expect((await a.nim.getServerSession({ sessionId: 'p2p-demo3' })).session?.ext).toBe(
      '{"pinned":true}',
    );
    await expect(
      a.nim.updateServerSession({ sessionId: 'p2p-nobody', ext: 'x' }),
    ).rejects.toMatchObject({ code: 404 });
    await a.nim.deleteServerSessions({ sessions: [{ scene: 'p2p', to: 'demo3' }] });
    expect((await a.nim.getServerSessions({})).sessions.map((s) => s.id)).not.toContain(
      'p2p-demo3',
    );
  });
});

describe('history', () => {
  it('pages newest first and oldest first without gaps or overlaps', async () => {
    const own = await startTestServer({ imCommandsPerSecond: 10_000 });
    try {
      const a = await client(own, 0);
      const sent = await sendMany(a.nim, 'demo2', 230, 'page');
      const pages: ClientMsg[][] = [];
      let endTime: number | undefined;
      let lastMsgId: string | undefined;
      for (;;) {
        const { msgs } = await a.nim.getHistoryMsgs({
          scene: 'p2p',
          to: 'demo2',
          limit: 100,
          ...(endTime && { endTime }),
          ...(lastMsgId && { lastMsgId }),
        });
        if (msgs.length === 0) break;
        pages.push(msgs);
        endTime = msgs.at(-1)!.time;
        lastMsgId = msgs.at(-1)!.idServer;
      }
      expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
      // Document 2: history limit at most 100, default 100; the server refuses more too.
      expect((await a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2' })).msgs).toHaveLength(100);
      await expect(
        a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2', limit: 101 }),
      ).rejects.toMatchObject({ code: 'Param_Error', message: 'limit must be 1 to 100' });
      await expect(
        a.nim.sendCmd('getHistoryMsgs', { scene: 'p2p', to: 'demo2', limit: 101 }),
      ).rejects.toMatchObject({ code: 414 });
      expect(pages.flat().map((m) => m.idServer)).toEqual(sent.map((m) => m.idServer).reverse());

      const oldest = await a.nim.getHistoryMsgs({
        scene: 'p2p',
        to: 'demo2',
        limit: 50,
        reverse: true,
      });
      expect(oldest.msgs.map((m) => m.text)).toEqual(sent.slice(0, 50).map((m) => m.text));
      const found = await a.nim.searchHistoryMsgs({
        scene: 'p2p',
        to: 'demo2',
        keyword: 'PAGE 22',
      });
      expect(found.msgs.map((m) => m.text).sort()).toEqual([
        'page 22',
        'page 220',
        'page 221',
        'page 222',
        'page 223',
        'page 224',
        'page 225',
        'page 226',
        'page 227',
        'page 228',
        'page 229',
      ]);
      const byId = await a.nim.getMsgsByIdServer({ reqMsgs: sent.slice(0, 3) });
      expect(byId.msgs.map((m) => m.idServer).sort()).toEqual(
        sent
          .slice(0, 3)
          .map((m) => m.idServer)
          .sort(),
      );
    } finally {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await own.stop();
    }
  });

  it("never shows another conversation's messages by id", async () => {
    const a = await client(suite.server, 0);
    const secret = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'only for demo2' });
    const c = await client(suite.server, 2);
    const { msgs } = await c.nim.getMsgsByIdServer({ reqMsgs: [secret] });
    expect(msgs).toEqual([]);
  });
});

describe('recall, one-way delete, clearing and receipts', () => {
  it("recalls my message for both sides, and refuses someone else's", async () => {
    const a = await client(suite.server, 0);
    const b = await client(suite.server, 1);
    const msg = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '发错了' });
    await b.events.until(() =>
      b.events.all<ClientMsg>('msg').some((m) => m.idServer === msg.idServer),
    );
    const received = b.events.all<ClientMsg>('msg').find((m) => m.idServer === msg.idServer)!;
    await expect(b.nim.deleteMsg({ msg: received })).rejects.toMatchObject({
      message: 'only messages you sent to others, sent successfully and not local can be deleted',
    });
    await a.nim.deleteMsg({ msg, ps: '撤回' });
    const notice = await b.events.next<{ type: string; idServer: string; ps: string }>('sysmsg');
    expect(notice).toMatchObject({
      type: 'deleteMsg',
      idServer: msg.idServer,
      ps: '撤回',
      opeAccount: 'demo1',
    });
    expect(b.nim.getLocalMsgByIdClient(msg.idClient)).toBeUndefined();
    const history = await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 20 });
    expect(history.msgs.map((m) => m.idServer)).not.toContain(msg.idServer);
  });

  it('refuses a recall past the recall window with 508', async () => {
    const own = await startTestServer({ imRecallWindowSeconds: 0 });
    try {
      const a = await client(own, 0);
      const msg = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'too late' });
      await new Promise((r) => setTimeout(r, 20));
      await expect(a.nim.deleteMsg({ msg })).rejects.toMatchObject({ code: 508 });
    } finally {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await own.stop();
    }
  });

  it('deletes a message for me only, on all my devices', async () => {
    const a1 = await client(suite.server, 0, { deviceId: 'a1' });
    const a2 = await client(suite.server, 0, { deviceId: 'a2' });
    const b = await client(suite.server, 1);
    const msg = await a1.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'just for me to forget' });
    await a2.events.until(() => a2.events.all('msg').length === 1);
    await a1.nim.deleteMsgSelf({ msg });
    expect(await a2.events.next('deletemsgself')).toEqual({
      sessionId: 'p2p-demo2',
      idServer: msg.idServer,
    });
    const mine = await a1.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2', limit: 5 });
    expect(mine.msgs.map((m) => m.idServer)).not.toContain(msg.idServer);
    const theirs = await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 5 });
    expect(theirs.msgs.map((m) => m.idServer)).toContain(msg.idServer);
    await expect(
      a1.nim.deleteMsgSelf({ msg: { ...msg, scene: 'superTeam' } }),
    ).rejects.toMatchObject({ code: 'Not_Support' });
  });

  it('clears my history of a session without touching the other side', async () => {
    const a = await client(suite.server, 0);
    const b = await client(suite.server, 2);
    await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: 'before clearing' });
    await a.nim.clearServerHistoryMsgs({ scene: 'p2p', to: 'demo3' });
    expect((await a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo3', limit: 10 })).msgs).toEqual([]);
    expect(
      (await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 10 })).msgs.length,
    ).toBeGreaterThan(0);
    const after = await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: 'after clearing' });
    expect(
      (await a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo3', limit: 10 })).msgs.map(
        (m) => m.idServer,
      ),
    ).toEqual([after.idServer]);
  });

  it('tells a device that was offline of the one-way deletes and clearing done meanwhile', async () => {
    const a1 = await client(suite.server, 0, { deviceId: 'away-a1' });
    const a2 = await client(suite.server, 0, { deviceId: 'away-a2' });
    const keep = await a1.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'keep me' });
    const forget = await a1.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'forget me' });
    const old = await a1.nim.sendText({ scene: 'p2p', to: 'demo3', text: 'clear me' });
    await a2.events.until(() =>
      [keep, forget, old].every((m) => a2.nim.getLocalMsgByIdClient(m.idClient)),
    );

    await a2.nim.disconnect();
    await a1.nim.deleteMsgSelf({ msg: forget });
    const { time } = await a1.nim.clearServerHistoryMsgs({ scene: 'p2p', to: 'demo3' });
    await a2.nim.connect();
    await a2.events.until(() => a2.events.all('syncdone').length === 2);

    expect(a2.nim.getLocalMsgByIdClient(forget.idClient)).toBeUndefined();
    expect(a2.events.all('deletemsgself')).toEqual([
      { sessionId: 'p2p-demo2', idServer: forget.idServer },
    ]);
    expect(a2.nim.getLocalMsgByIdClient(keep.idClient)).toBeDefined();
    expect(a2.nim.getLocalMsgs({ sessionId: 'p2p-demo3', limit: 100 })).toEqual([]);
    expect(a2.events.all('clearhistory')).toEqual([{ sessionId: 'p2p-demo3', time }]);
    expect(a2.nim.getLocalSession('p2p-demo3')?.lastEmptyTime).toBe(time);
    // The device that did both hears nothing of them again at its next sync.
    await a1.nim.disconnect();
    await a1.nim.connect();
    await a1.events.until(() => a1.events.all('syncdone').length === 2);
    expect(a1.events.all('deletemsgself')).toEqual([]);
    expect(a1.events.all('clearhistory')).toEqual([]);
  });

  it('tells the sender that its message was read', async () => {
    const a = await client(suite.server, 0);
    const b = await client(suite.server, 1);
    const msg = await a.nim.sendText({
      scene: 'p2p',
      to: 'demo2',
      text: 'read me',
      needMsgReceipt: true,
    });
    await b.events.until(() =>
      b.events.all<ClientMsg>('msg').some((m) => m.idServer === msg.idServer),
    );
    const received = b.events.all<ClientMsg>('msg').find((m) => m.idServer === msg.idServer)!;
    await b.nim.sendMsgReceipt({ msg: received });
    const [receipt] = await a.events.next<{ sessionId: string; idServer: string }[]>('msgreceipts');
    expect(receipt).toMatchObject({
      sessionId: 'p2p-demo2',
      account: 'demo2',
      idServer: msg.idServer,
    });
    expect(a.nim.getLocalSession('p2p-demo2')?.msgReceiptTime).toBe(msg.time);
    await expect(a.nim.sendMsgReceipt({ msg })).rejects.toMatchObject({ code: 'Param_Error' });
  });
});

describe('status across a sync', () => {
  it('turns a message still sending when a sync starts into a failed one', async () => {
    const own = await startTestServer();
    try {
      own.server.imGateway.gateway.use({ sendMsg: () => new Promise(() => {}) }); // never answered
      const events = new Events();
      const a = NIM.getInstance({ ...demoOptions(own, 0), ...events.callbacks() });
      opened.push(a);
      await a.connect();
      await events.next('syncdone');
      const pending = a
        .sendText({ scene: 'p2p', to: 'demo2', text: 'stuck' })
        .catch(() => undefined);
      const [stuck] = a.getLocalMsgs({ sessionId: 'p2p-demo2', limit: 1 }) as ClientMsg[];
      expect(stuck!.status).toBe('sending');
      await own.server.imGateway.gateway.kick(
        { appKey: own.server.seeded.appKey, accid: 'demo1' },
        undefined,
        'silentlyKick',
      );
      await events.next('syncdone', 20_000);
      expect(a.getLocalMsgByIdClient(stuck!.idClient)?.status).toBe('fail');
      await pending;
    } finally {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await own.stop();
    }
  });
});
