// The local messages manager alone: a memory store, a stand-in local database, a recording
// stand-in for the sessions and the people's profiles. (local-msgs-instance.test.ts runs the same
// calls through NIM with IndexedDB.)
import { ImError } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import { fromServer, type ClientMsg } from '../model.ts';
import type { SessionUpdates } from '../sessions/sessions-manager.ts';
import { MemoryStore } from '../store/memory-store.ts';
import type { DbMsgQuery } from '../store/persistence.ts';
import { serverMsg } from '../test-context.ts';
import { LocalMsgsManager } from './local-msgs-manager.ts';

function setUp(users: object[] = []) {
  const store = new MemoryStore();
  const touched: string[] = [];
  const refreshed: string[] = [];
  const sessions: SessionUpdates = {
    touchSession: (msg) => {
      touched.push(msg.idClient);
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
  const queries: DbMsgQuery[] = [];
  let cleared = 0;
  const localDb = {
    readMsgs: async (query: DbMsgQuery) => {
      queries.push(query);
      return [] as ClientMsg[];
    },
    clear: async () => void cleared++,
  };
  const local = new LocalMsgsManager(
    { account: 'me', store, localDb, localLoaded: Promise.resolve() },
    sessions,
    { localUsers: () => users },
  );
  return { store, local, touched, refreshed, queries, cleared: () => cleared };
}

const held = (time: number, text: string) =>
  fromServer(serverMsg('ann', 'me', time, { text }), 'me');

describe('LocalMsgsManager', () => {
  it('saves messages with their session and side, touching sessions without unread', async () => {
    const { local, touched } = setUp();
    const [saved] = await local.saveMsgsToLocal({
      msgs: [{ scene: 'p2p', from: 'Me', to: 'bob', type: 0, idClient: 'c1', time: 5, text: 'hi' }],
    });
    expect(saved).toMatchObject({ sessionId: 'p2p-bob', flow: 'out', status: 'success' });
    expect(touched).toEqual(['c1']);
    await expect(local.saveMsgsToLocal({ msgs: [] })).rejects.toEqual(
      new ImError('Param_Error', 'msgs must hold at least one message'),
    );
  });

  it('reads the working set newest first and checks its limits', () => {
    const { store, local } = setUp();
    store.putMsgs([held(1, 'one'), held(2, 'two'), held(3, 'three')]);
    expect(local.getLocalMsgs({ sessionId: 'p2p-ann', limit: 2 }).map((m) => m.text)).toEqual([
      'three',
      'two',
    ]);
    expect(() => local.getLocalMsgs({ sessionId: 'p2p-ann', limit: 0 })).toThrow('limit');
    expect(() => local.getLocalMsgs({ sessionId: 'p2p-ann', start: 5, end: 5 })).toThrow(
      'end must be later than start',
    );
  });

  it('searches message text, or sessions and the people manager’s users by key path', () => {
    const { store, local } = setUp([
      { account: 'ann', nick: 'Annie' },
      { account: 'bob', nick: 'B' },
    ]);
    store.putMsgs([held(1, 'Lunch at noon?'), held(2, 'ok')]);
    expect(local.searchLocal({ keyword: 'lunch' })).toHaveLength(1);
    expect(local.searchLocal({ keyword: 'ANN', keyPath: 'user.nick' })).toEqual([
      { account: 'ann', nick: 'Annie' },
    ]);
    expect(() => local.searchLocal({ keyword: 'x', keyPath: 'team.name' })).toThrow(
      'keyPath must start with user or session',
    );
  });

  it('keeps a tombstone for a deleted message the next sync may deliver again', () => {
    const { store, local, refreshed } = setUp();
    const msg = held(10, 'gone');
    store.putMsgs([msg]);
    expect(local.deleteLocalMsg({ msg })).toBe(true);
    expect(local.deleteLocalMsg({ msg })).toBe(false);
    expect(refreshed).toEqual(['p2p-ann']);
    // The same message from the sync is not stored again.
    expect(store.putMsgs([{ ...msg }])).toEqual([]);
  });

  it('reads the local database with the default limit and refuses a bad range before it', async () => {
    const { local, queries, cleared } = setUp();
    expect(await local.getLocalMsgsFromDB({ sessionId: 'p2p-ann' })).toEqual({ msgs: [] });
    expect(queries).toEqual([{ sessionId: 'p2p-ann', limit: 100 }]);
    await expect(
      local.getLocalMsgsFromDB({ sessionId: 'p2p-ann', limit: 0 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    expect(queries).toHaveLength(1);
    await local.clearDB();
    expect(cleared()).toBe(1);
  });
});
