// The sessions manager alone, on a fake context: the session list from the sync and pushes,
// unread counts and acknowledgements, and the server session commands.
import { ImError } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import { fromServer } from '../model.ts';
import { fakeContext, serverMsg, settle, type FakeReplies } from '../test-context.ts';
import { SessionsManager } from './sessions-manager.ts';

function setUp(replies: FakeReplies = {}, syncSessionUnread = true) {
  const context = fakeContext(replies);
  const sessions = new SessionsManager({ ...context, syncSessionUnread: () => syncSessionUnread });
  return { context, sessions };
}

const incoming = (time: number) => fromServer(serverMsg('ann', 'me', time), 'me');

describe('SessionsManager', () => {
  it('keeps the sessions of the sync and tells them all once the sync is done', () => {
    const { context, sessions } = setUp();
    context.push('syncSessions', {
      sessions: [
        { id: 'p2p-ann', scene: 'p2p', to: 'ann', updateTime: 5, unread: 2, ack: 1 },
        { id: 'team-7', scene: 'team', to: '7', updateTime: 9, unread: 0, ack: 9 },
      ],
    });
    expect(context.calls('onsessions')).toEqual([]);
    context.runSyncDone();
    const told = context.calls('onsessions');
    expect(told).toHaveLength(1);
    expect(told[0]?.[0].map((s) => s.id).sort()).toEqual(['p2p-ann', 'team-7']);
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 2, ack: 1 });
  });

  it('counts an incoming message unread, except in the current session, which it acknowledges', async () => {
    const { context, sessions } = setUp({ markSessionAck: () => ({}) });
    sessions.touchSession(incoming(100), { countUnread: true });
    sessions.touchSession(incoming(200), { countUnread: true });
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 2, updateTime: 200 });

    sessions.setCurrSession('p2p-ann');
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 0, ack: 200 });
    sessions.touchSession(incoming(300), { countUnread: true });
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 0, ack: 300 });
    await settle();
    expect(context.sent.filter((c) => c.name === 'markSessionAck').map((c) => c.params)).toEqual([
      { scene: 'p2p', to: 'ann', timetag: 200 },
      { scene: 'p2p', to: 'ann', timetag: 300 },
    ]);
    expect(context.calls('onupdatesession').length).toBeGreaterThanOrEqual(4);
  });

  it('sends no acknowledgement with syncSessionUnread off, and resets the count here only', () => {
    const { context, sessions } = setUp({}, false);
    sessions.touchSession(incoming(100), { countUnread: true });
    sessions.resetSessionUnread('p2p-ann');
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 0, ack: 0 });
    expect(context.sent).toEqual([]);
  });

  it('lowers the unread count from an acknowledgement of another device, never raises it', () => {
    const { context, sessions } = setUp();
    const first = incoming(100);
    const second = incoming(200);
    context.store.putMsgs([first, second]);
    sessions.touchSession(first, { countUnread: true });
    sessions.touchSession(second, { countUnread: true });
    context.push('sessionAck', { ack: { sessionId: 'p2p-ann', ack: 150 } });
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 1, ack: 150 });
    context.push('syncSessionAck', { acks: [{ sessionId: 'p2p-ann', ack: 120 }] });
    expect(sessions.getLocalSession('p2p-ann')).toMatchObject({ unread: 1, ack: 150 });
  });

  it('refuses an empty or oversized delete before sending, and forgets deleted sessions', async () => {
    const { context, sessions } = setUp({ deleteSessions: () => ({}) });
    sessions.insertLocalSession({ scene: 'p2p', to: 'bob' });
    await expect(sessions.deleteSessions({ sessions: [] })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    const results: unknown[] = [];
    await sessions.deleteSession({
      scene: 'p2p',
      to: 'bob',
      done: (error, result) => results.push(error, result),
    });
    expect(context.sent).toEqual([{ name: 'deleteSessions', params: { sessions: ['p2p-bob'] } }]);
    expect(sessions.getLocalSession('p2p-bob')).toBeUndefined();
    expect(context.calls('ondeletesessions')).toEqual([[['p2p-bob']]]);
    expect(results).toEqual([null, undefined]);
  });

  it('refuses a second local session with the same id (Session_Exist)', () => {
    const { sessions } = setUp();
    sessions.insertLocalSession({ scene: 'p2p', to: 'bob' });
    expect(() => sessions.insertLocalSession({ scene: 'p2p', to: 'bob' })).toThrow(
      new ImError('Session_Exist', 'session p2p-bob exists'),
    );
  });

  it('drops the messages of a session cleared on another device and tells it', () => {
    const { context, sessions } = setUp();
    context.store.putMsgs([incoming(100), incoming(200)]);
    sessions.touchSession(incoming(300), { countUnread: false });
    context.push('syncSessions', {
      sessions: [
        {
          id: 'p2p-ann',
          scene: 'p2p',
          to: 'ann',
          updateTime: 300,
          unread: 0,
          ack: 0,
          lastEmptyTime: 250,
        },
      ],
    });
    expect(context.store.msgs({ sessionId: 'p2p-ann', limit: 10 }).map((m) => m.time)).toEqual([]);
    expect(context.calls('onclearServerHistoryMsgs')).toEqual([
      [{ sessionId: 'p2p-ann', time: 250 }],
    ]);
  });
});
