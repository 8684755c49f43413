// System messages in the local database over IndexedDB (fake-indexeddb in Node): what one visit
// receives or changes here, the next visit loads, with the sysMsgs timetag, so their sync is
// incremental across reloads.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { SysMsg } from '@morsel/protocol';
import type { ClientSysMsg } from '../model.ts';
import { localDbName } from './idb-persistence.ts';
import { SYSMSG_LOAD_LIMIT } from './local-db.ts';
import { visit } from './test-data.ts';

let app = 0;
const freshApp = () => `sysmsg-app${++app}-${process.pid}`;

function sysMsg(id: number, extra: Partial<ClientSysMsg> = {}): ClientSysMsg {
  const base: SysMsg = {
    idServer: String(id),
    type: 'applyFriend',
    category: 'friend',
    from: `user${id}`,
    to: 'me',
    time: 1000 + id,
    opeAccount: `user${id}`,
    read: false,
    state: 'init',
  };
  return { ...base, status: 'success', ...extra };
}

describe('system messages in the local database', () => {
  it('gives the next visit the system messages of this one, with their local fields and changes made in place, and the sysMsgs timetag', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    const [a, b, c] = [
      sysMsg(1),
      sysMsg(2, { ps: 'hello' }),
      sysMsg(3, { type: 'customP2p', category: 'msg', content: '{"x":1}', state: 'passed' }),
    ];
    first.store.putSysMsgs([a, b, c]);
    first.store.setTimetags({ sysMsgs: 5000, friends: 5000 });
    // Changed in place after the put, as the services do, then put again: the change is kept.
    b.read = true;
    b.localCustom = 'seen on phone';
    c.status = 'deleted';
    first.store.putSysMsgs([b, c]);
    await first.db.close();

    const second = await visit(appKey);
    expect(second.store.timetags()).toEqual({ sysMsgs: 5000 });
    const loaded = Object.fromEntries(second.store.sysMsgs().map((m) => [m.idServer, m]));
    expect(loaded['1']).toEqual(a);
    expect(loaded['2']).toMatchObject({ read: true, localCustom: 'seen on phone', ps: 'hello' });
    expect(loaded['3']).toMatchObject({ status: 'deleted', content: '{"x":1}' });
    expect(second.errors).toEqual([]);
    await second.db.close();
  });

  it('writes system messages to the sysMsgs object store, and clear() empties it', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    first.store.putSysMsgs([sysMsg(7)]);
    await first.db.close();
    const raw = await openDB(localDbName(appKey, 'me'));
    expect((await raw.getAll('sysMsgs')).map((m: { idServer: string }) => m.idServer)).toEqual([
      '7',
    ]);
    raw.close();

    const second = await visit(appKey);
    await second.db.clear();
    await second.db.close();
    const third = await visit(appKey);
    expect(third.store.sysMsgs()).toEqual([]);
    await third.db.close();
  });

  it(`loads the latest ${SYSMSG_LOAD_LIMIT} system messages by time`, async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    first.store.putSysMsgs(Array.from({ length: SYSMSG_LOAD_LIMIT + 5 }, (_, i) => sysMsg(i + 1)));
    await first.db.close();
    const second = await visit(appKey);
    const ids = second.store.sysMsgs().map((m) => Number(m.idServer));
    expect(ids).toHaveLength(SYSMSG_LOAD_LIMIT);
    expect(Math.min(...ids)).toBe(6); // the 5 oldest stay in the database
    await second.db.close();
  });

  it('keeps nothing without a database: system messages live in memory only', async () => {
    const appKey = freshApp();
    const first = await visit(appKey, { enabled: false });
    first.store.putSysMsgs([sysMsg(1)]);
    first.store.setTimetags({ sysMsgs: 5000 });
    await first.db.close();
    const second = await visit(appKey, { enabled: false });
    expect(second.store.sysMsgs()).toEqual([]);
    expect(second.store.timetags()).toEqual({});
    await second.db.close();
  });
});
