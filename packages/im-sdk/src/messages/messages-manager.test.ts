// The messages manager alone, on a fake context and a recording stand-in for the sessions it
// updates: sending (success, blacklisted, failed), live messages and their timetag, gaps in a
// conversation's order, recalls told once, and the sync's start failing what was still sending.
import { ImError, SYNC } from '@morsel/protocol';
import { describe, expect, it, vi } from 'vitest';
import { fromServer, type ClientMsg } from '../model.ts';
import type { SessionUpdates } from '../sessions/sessions-manager.ts';
import { fakeContext, serverMsg, settle, type FakeReplies } from '../test-context.ts';
import { OWN_SEND_GAP_WAIT_MS } from './gap-fills.ts';
import { MessagesManager } from './messages-manager.ts';

function setUp(replies: FakeReplies = {}) {
  const context = fakeContext(replies);
  const touched: { msg: ClientMsg; countUnread: boolean }[] = [];
  const refreshed: string[] = [];
  const sessions: SessionUpdates = {
    touchSession: (msg, options) => {
      touched.push({ msg, countUnread: options.countUnread });
      return {
        id: msg.sessionId,
        scene: msg.scene,
        to: msg.target,
        updateTime: 0,
        unread: 0,
        ack: 0,
      };
    },
    refreshLastMsg: (sessionId) => void refreshed.push(sessionId),
    historyCleared: () => {},
    applyAck: () => {},
  };
  const originUrls: string[] = [];
  const messages = new MessagesManager(
    {
      ...context,
      originUrl: async (url) => {
        originUrls.push(url);
        return 'https://origin.example/file';
      },
    },
    sessions,
  );
  return { context, messages, touched, refreshed, originUrls };
}

describe('MessagesManager', () => {
  it('sends a text: sending first, then the stored message with its server fields', async () => {
    const { context, messages, touched } = setUp({
      sendMsg: ({ msg }) => ({
        msg: serverMsg('me', 'ann', 1000, { ...msg, idServer: 's1', seq: 1 }),
      }),
    });
    const sending = messages.sendText({ scene: 'p2p', to: 'Ann', text: 'hello' });
    expect(touched[0]?.msg).toMatchObject({ status: 'sending', to: 'ann', flow: 'out' });
    const sent = await sending;
    expect(sent).toMatchObject({ status: 'success', idServer: 's1', sessionId: 'p2p-ann' });
    expect(context.store.getMsg(sent.idClient)).toMatchObject({ status: 'success' });
    expect(context.sent[0]).toMatchObject({
      name: 'sendMsg',
      params: { msg: { text: 'hello', to: 'ann' } },
    });
  });

  it('treats 7101 (blacklisted by the recipient) as sent but marked, other errors as failed', async () => {
    let code = 7101;
    const { messages } = setUp({
      sendMsg: () => {
        throw new ImError(code);
      },
    });
    expect(await messages.sendText({ scene: 'p2p', to: 'ann', text: 'a' })).toMatchObject({
      status: 'success',
      isInBlackList: true,
    });
    code = 500;
    const error = await messages.sendText({ scene: 'p2p', to: 'ann', text: 'b' }).catch((e) => e);
    expect(error).toBeInstanceOf(ImError);
    expect(error.event.msg).toMatchObject({ status: 'fail', text: 'b' });
  });

  it('refuses a message the protocol would refuse, without sending it (done gets the error too)', async () => {
    const { context, messages } = setUp();
    const told: unknown[] = [];
    const error = await messages
      .sendText({ scene: 'p2p', to: '', text: 'x', done: (e) => told.push(e) })
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'Param_Error' });
    await settle();
    expect(told).toEqual([error]);
    expect(context.sent).toEqual([]);
  });

  it('shows a live message once, counts it unread and moves its timetag with the margin', () => {
    const { context, touched } = setUp();
    const msg = serverMsg('ann', 'me', 100_000);
    context.push('msg', { msg });
    context.push('msg', { msg });
    expect(context.calls('onmsg').map(([m]) => m.idServer)).toEqual([msg.idServer]);
    expect(touched.map((t) => t.countUnread)).toEqual([true]);
    expect(context.advanced).toEqual([
      ['offlineMsgs', 100_000 - SYNC.liveTimetagMarginMs],
      ['offlineMsgs', 100_000 - SYNC.liveTimetagMarginMs],
    ]);
  });

  it('pulls the messages missed before a live one past a gap in the conversation order', async () => {
    const first = serverMsg('ann', 'me', 1000, { seq: 1 });
    const lost = serverMsg('ann', 'me', 2000, { seq: 2 });
    const third = serverMsg('ann', 'me', 3000, { seq: 3 });
    const { context } = setUp({ getHistoryMsgs: () => ({ msgs: [third, lost, first] }) });
    context.push('msg', { msg: first });
    context.push('msg', { msg: third });
    await settle();
    expect(context.sent[0]).toMatchObject({
      name: 'getHistoryMsgs',
      params: { scene: 'p2p', to: 'ann', beginTime: 1000, endTime: 3000, limit: 3 },
    });
    expect(context.calls('onmsg').map(([m]) => m.seq)).toEqual([1, 3, 2]);
  });

  describe('a gap in a session noted nothing of since start', () => {
    it('counts from the newest message the device holds (its local database)', async () => {
      const held = serverMsg('ann', 'me', 1000, { seq: 7 });
      const lost = serverMsg('ann', 'me', 2000, { seq: 8 });
      const next = serverMsg('ann', 'me', 3000, { seq: 9 });
      const { context } = setUp({ getHistoryMsgs: () => ({ msgs: [next, lost, held] }) });
      context.store.putMsgs([fromServer(held, 'me')]);
      context.push('msg', { msg: next });
      await settle();
      expect(context.sent[0]).toMatchObject({ params: { beginTime: 1000, endTime: 3000 } });
      expect(context.calls('onmsg').map(([m]) => m.seq)).toEqual([9, 8]);
    });

    it('holding none of it, counts from where the last sync reached', async () => {
      // Seqs 1-3 came before the sync reached 5000 (history this device need not hold).
      const lost = serverMsg('ann', 'me', 6000, { seq: 4 });
      const next = serverMsg('ann', 'me', 7000, { seq: 5 });
      const { context } = setUp({ getHistoryMsgs: () => ({ msgs: [next, lost] }) });
      context.push('msg', { msg: serverMsg('bob', 'me', 100, { seq: 9 }) }); // before any sync
      expect(context.sentNames()).toEqual([]);
      context.store.setTimetags({ offlineMsgs: 5000 });
      context.runSyncDone();
      context.push('msg', { msg: next });
      await settle();
      expect(context.sent[0]).toMatchObject({
        name: 'getHistoryMsgs',
        params: { scene: 'p2p', to: 'ann', beginTime: 5000, endTime: 7000 },
      });
      expect(context.calls('onmsg').map(([m]) => m.seq)).toEqual([9, 5, 4]);
    });
    it('in an old conversation, looks only at the seqs one history page can bring', async () => {
      const lost = serverMsg('ann', 'me', 6000, { seq: 2_999_999 });
      const next = serverMsg('ann', 'me', 7000, { seq: 3_000_000 });
      const { context } = setUp({ getHistoryMsgs: () => ({ msgs: [next, lost] }) });
      context.store.setTimetags({ offlineMsgs: 5000 });
      context.runSyncDone();
      context.push('msg', { msg: next });
      await settle();
      expect(context.sent[0]).toMatchObject({ params: { beginTime: 5000, limit: 100 } });
      expect(context.calls('onmsg').map(([m]) => m.seq)).toEqual([3_000_000, 2_999_999]);
    });
  });

  describe('a gap noticed on an own send (a team: others commit in between)', () => {
    const team = (from: string, time: number, seq: number) =>
      serverMsg(from, 't1', time, { scene: 'team', seq });

    it('pulls what is still missing once pushes on their way had their moment', async () => {
      vi.useFakeTimers();
      try {
        const first = team('ann', 1000, 1);
        const lost = team('bob', 2000, 2);
        const onItsWay = team('cid', 2500, 3);
        const { context, messages } = setUp({
          sendMsg: ({ msg }) => ({ msg: { ...team('me', 3000, 4), idClient: msg.idClient } }),
          getHistoryMsgs: () => ({ msgs: [team('me', 3000, 4), onItsWay, lost, first] }),
        });
        context.push('msg', { msg: first });
        await messages.sendText({ scene: 'team', to: 't1', text: 'mine' });
        context.push('msg', { msg: onItsWay }); // arrives late, as pushes across processes may
        expect(context.sentNames()).toEqual(['sendMsg']);
        await vi.advanceTimersByTimeAsync(OWN_SEND_GAP_WAIT_MS);
        expect(context.sent[1]).toMatchObject({
          name: 'getHistoryMsgs',
          params: { scene: 'team', to: 't1', beginTime: 1000, endTime: 3000, limit: 4 },
        });
        // Shown once each: the late push live, the lost one pulled.
        expect(context.calls('onmsg').map(([m]) => m.seq)).toEqual([1, 3, 2]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('asks nothing when every message before it arrived meanwhile', async () => {
      vi.useFakeTimers();
      try {
        const { context, messages } = setUp({
          sendMsg: ({ msg }) => ({ msg: { ...team('me', 3000, 3), idClient: msg.idClient } }),
        });
        context.push('msg', { msg: team('ann', 1000, 1) });
        await messages.sendText({ scene: 'team', to: 't1', text: 'mine' });
        context.push('msg', { msg: team('bob', 2000, 2) });
        await vi.advanceTimersByTimeAsync(OWN_SEND_GAP_WAIT_MS * 5);
        expect(context.sentNames()).toEqual(['sendMsg']);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('pulls a gap again when the first pull failed: soon after a timeout, after the next sync when the link was down', async () => {
    vi.useFakeTimers();
    try {
      const first = serverMsg('ann', 'me', 1000, { seq: 1 });
      const lost = serverMsg('ann', 'me', 2000, { seq: 2 });
      const third = serverMsg('ann', 'me', 3000, { seq: 3 });
      const failures = [
        new ImError(408),
        new ImError('Error_Connection_Socket_State_not_Match', 'reconnecting'),
      ];
      const { context } = setUp({
        getHistoryMsgs: () => {
          const failure = failures.shift();
          if (failure) throw failure;
          return { msgs: [third, lost, first] };
        },
      });
      context.push('msg', { msg: first });
      context.push('msg', { msg: third });
      await vi.advanceTimersByTimeAsync(0);
      expect(context.sentNames()).toEqual(['getHistoryMsgs']); // timed out
      await vi.advanceTimersByTimeAsync(2_000);
      expect(context.sentNames()).toEqual(['getHistoryMsgs', 'getHistoryMsgs']); // link down
      await vi.advanceTimersByTimeAsync(60_000);
      expect(context.sent).toHaveLength(2); // no timer spins while the link is down
      context.runSyncDone();
      await vi.advanceTimersByTimeAsync(0);
      expect(context.sent).toHaveLength(3);
      expect(context.calls('onmsg').map(([m]) => m.seq)).toEqual([1, 3, 2]);
      expect(context.warnings).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a recall once, though the sync sends it again, and forgets the message', () => {
    const { context, refreshed } = setUp();
    const msg = serverMsg('ann', 'me', 1000);
    context.push('msg', { msg });
    const recall = {
      sessionId: 'p2p-ann',
      idServer: msg.idServer,
      idClient: msg.idClient,
      from: 'ann',
      time: 1000,
      opeAccount: 'ann',
      deletedAt: 2000,
      type: 'deleteMsg' as const,
      category: 'msg' as const,
      scene: 'p2p' as const,
      to: 'me',
      deletedIdServer: msg.idServer,
      deletedIdClient: msg.idClient,
      deletedMsgTime: 1000,
      read: false as const,
      state: 'init' as const,
    };
    context.push('msgDeleted', { deleted: recall });
    context.push('syncDeletedMsgs', { deleted: [recall] });
    expect(context.store.getMsg(msg.idClient)).toBeUndefined();
    expect(context.calls('onsysmsg')).toHaveLength(1);
    expect(refreshed).toEqual(['p2p-ann', 'p2p-ann']);
  });

  it('fails the messages still sending when a sync starts (their connection is gone)', async () => {
    const { context, messages } = setUp({ sendMsg: () => new Promise(() => {}) });
    void messages.sendText({ scene: 'p2p', to: 'ann', text: 'in flight' });
    context.runSyncStart();
    expect(context.store.allMsgs().map((m) => m.status)).toEqual(['fail']);
  });

  it('looks up the original url of a received file behind a safe short url', async () => {
    const { context, originUrls } = setUp();
    const safe = 'https://files.example.com/s/abc?im_url=1';
    const msg = serverMsg('ann', 'me', 1000, {
      type: 3,
      text: undefined,
      file: { url: safe, name: 'a.txt', size: 1, ext: 'txt', md5: '0'.repeat(32) },
    });
    context.push('syncOfflineMsgs', { msgs: [msg] });
    await settle();
    expect(context.calls('onofflinemsgs')[0]?.[0]).toMatchObject({ sessionId: 'p2p-ann' });
    expect(originUrls).toEqual([safe]);
    expect(context.store.getMsg(msg.idClient)?.file?.url).toBe('https://origin.example/file');
  });
});
