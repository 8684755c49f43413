// The local database over IndexedDB (fake-indexeddb in Node): what one visit stores, the next
// visit loads; limits of the working set; failures reported as DB without stopping the store.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { ImError, LIMITS, LOCAL_DB } from '@morsel/protocol';
import { localDbName } from './idb-persistence.ts';
import { LocalDb } from './local-db.ts';
import { MemoryStore } from './memory-store.ts';
import { msg, session, visit } from './test-data.ts';

let app = 0;

const freshApp = () => `app${++app}-${process.pid}`;
const texts = (msgs: { text?: string }[]) => msgs.map((m) => m.text);

describe('the IndexedDB local database', () => {
  it(`is named per app key and account, at version ${LOCAL_DB.version}, with its object stores`, async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    expect(first.db.kind).toBe('indexeddb');
    await first.db.close();
    const raw = await openDB(localDbName(appKey, 'me'));
    expect(raw.version).toBe(11);
    expect([...raw.objectStoreNames].sort()).toEqual(['msgs', 'sessions', 'sysMsgs', 'timetags']);
    const tx = raw.transaction(['msgs', 'sessions']);
    expect([...tx.objectStore('msgs').indexNames].sort()).toEqual(['idServer', 'sessionTime']);
    expect([...tx.objectStore('sessions').indexNames]).toEqual(['updateTime']);
    raw.close();
  });

  it('gives the next visit the messages, sessions and timetags of this one', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    const [a, b, c] = [msg('ann', 1000), msg('ann', 2000), msg('bob', 1500)];
    first.store.putMsgs([a!, b!, c!]);
    const ann = session('ann', 2000, { lastMsg: b!, unread: 2 });
    first.store.putSession(ann);
    first.store.putSession(session('bob', 1500, { lastMsg: c! }));
    ann.unread = 0; // changed in place after the put, as the services do: still persisted
    first.store.updateMsg(a!.idClient, { localCustom: 'starred' });
    first.store.setTimetags({ offlineMsgs: 2000, sessions: 2000 });
    await first.db.close();

    const second = await visit(appKey);
    expect(second.store.timetags()).toEqual({ offlineMsgs: 2000, sessions: 2000 });
    expect(second.store.sessions().map((s) => [s.id, s.unread, s.lastMsg?.idClient])).toEqual([
      ['p2p-ann', 0, b!.idClient],
      ['p2p-bob', 0, c!.idClient],
    ]);
    expect(texts(second.store.msgs({ sessionId: 'p2p-ann', limit: 10 }))).toEqual(texts([b!, a!]));
    expect(second.store.getMsg(a!.idClient)?.localCustom).toBe('starred');
    expect(second.store.getMsgByIdServer(c!.idServer!)?.idClient).toBe(c!.idClient);
    expect(second.errors).toEqual([]);
    await second.db.close();
  });

  it('keeps the timetags of what it stores only: the rest of the sync starts over at the next visit', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    first.store.setTimetags({
      offlineMsgs: 2000,
      sessions: 2000,
      teamMsgs: 2000,
      sysMsgs: 2000,
      friends: 2000,
      teams: 2000,
      myInfo: 2000,
    });
    await first.db.close();
    // A database written before this rule holds every category's timetag: those are ignored too.
    const raw = await openDB(localDbName(appKey, 'me'));
    await raw.put('timetags', 1500, 'relations');
    raw.close();

    const second = await visit(appKey);
    expect(second.store.timetags()).toEqual({
      offlineMsgs: 2000,
      sessions: 2000,
      teamMsgs: 2000,
      sysMsgs: 2000,
    });
    await second.db.close();
  });

  it('loads the 500 most recent sessions and the latest 100 messages of each; older ones page in from the database', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    for (let i = 1; i <= LIMITS.sessionLoadLimit + 1; i++)
      first.store.putSession(session(`peer${i}`, 10_000 + i));
    const history = Array.from({ length: 150 }, (_, i) => msg('peer501', 1000 + i));
    first.store.putMsgs(history);
    await first.db.close();

    const second = await visit(appKey);
    const sessions = second.store.sessions();
    expect(sessions).toHaveLength(500);
    expect(sessions.at(-1)!.id).toBe('p2p-peer2'); // peer1, the oldest, stays in the database
    const loaded = second.store.msgs({ sessionId: 'p2p-peer501', limit: 1000 });
    expect(loaded).toHaveLength(LIMITS.defaultReadLimit);
    expect(texts(loaded)).toEqual(texts(history.slice(50).reverse()));

    const older = await second.db.readMsgs({ sessionId: 'p2p-peer501', end: 1049, limit: 100 });
    expect(texts(older)).toEqual(texts(history.slice(0, 50).reverse()));
    expect(second.store.msgs({ sessionId: 'p2p-peer501', limit: 1000 })).toHaveLength(150); // joined the working set
    const oldestFirst = await second.db.readMsgs({
      sessionId: 'p2p-peer501',
      start: 1010,
      limit: 3,
      desc: false,
    });
    expect(oldestFirst.map((m) => m.time)).toEqual([1010, 1011, 1012]);
    await second.db.close();
  });

  it('applies removals, session deletions and history clears, also to messages never loaded', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    const history = Array.from({ length: 150 }, (_, i) => msg('cat', 1000 + i));
    first.store.putMsgs(history);
    first.store.putSession(session('cat', 1149));
    first.store.putSession(session('dog', 5));
    await first.db.close();

    const second = await visit(appKey);
    second.store.clearSession('p2p-cat', 1119); // 20 of them were never loaded into memory
    second.store.removeMsg(history[149]!.idClient);
    second.store.removeSession('p2p-dog');
    const put = msg('cat', 2000);
    second.store.putMsgs([put]);
    second.store.removeMsg(put.idClient); // put and removed in one turn: never stored
    await second.db.close();

    const third = await visit(appKey);
    expect(third.store.sessions().map((s) => s.id)).toEqual(['p2p-cat']);
    const kept = await third.db.readMsgs({ sessionId: 'p2p-cat', limit: 1000, desc: false });
    expect(kept.map((m) => m.time)).toEqual(Array.from({ length: 29 }, (_, i) => 1120 + i));
    await third.db.close();
  });

  it('keeps the messages deleted here when every message is cleared: the next sync cannot bring them back', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    const deleted = msg('ida', 1000);
    first.store.putMsgs([deleted, msg('ida', 2000)]);
    first.store.putSession(session('ida', 2000));
    first.store.removeMsg(deleted.idClient);
    first.store.markDeletedHere([{ idServer: deleted.idServer!, time: deleted.time }]);
    await first.db.close();

    const second = await visit(appKey);
    expect(second.store.clearMsgs()).toHaveLength(1);
    await second.db.close();

    const third = await visit(appKey);
    expect(await third.db.readMsgs({ sessionId: 'p2p-ida', limit: 10 })).toEqual([]);
    expect(third.store.putMsgs([{ ...deleted }])).toEqual([]); // deleted here: stays so
    await third.db.close();
  });

  it('reports a failed write as the DB error and goes on storing', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    const broken = msg('eve', 1, { custom: (() => 'not storable') as unknown as string });
    const sameTurn = msg('eve', 2);
    expect(first.store.putMsgs([broken, sameTurn])).toHaveLength(2); // the working set has both at once
    first.store.putSession(session('eve', 2, { lastMsg: sameTurn }));
    await first.db.close();
    expect(first.errors).toHaveLength(1);
    expect(first.errors[0]).toBeInstanceOf(ImError);
    expect(first.errors[0]).toMatchObject({
      code: 'DB',
      message: expect.stringMatching(/^local database: DataCloneError/),
    });

    const second = await visit(appKey);
    const later = msg('eve', 3);
    second.store.putMsgs([later]);
    await second.db.close();
    const third = await visit(appKey);
    expect(third.store.msgs({ sessionId: 'p2p-eve', limit: 10 }).map((m) => m.idClient)).toEqual([
      later.idClient,
      sameTurn.idClient,
    ]);
    expect(third.errors).toEqual([]);
    await third.db.close();
  });

  it('reports a database it cannot open as DB, and works from memory', async () => {
    const appKey = freshApp();
    const newer = await openDB(localDbName(appKey, 'me'), LOCAL_DB.version + 1); // a later SDK's schema
    newer.close();
    const { store, db, errors } = await visit(appKey);
    expect(errors.map((e) => e.code)).toEqual(['DB']);
    expect(errors[0]!.message).toMatch(/VersionError/);
    expect(db.kind).toBe('none');
    store.putMsgs([msg('fay', 1)]);
    expect(store.msgs({ sessionId: 'p2p-fay', limit: 10 })).toHaveLength(1);
    await expect(db.clear()).rejects.toMatchObject({ code: 'NO_DB', message: 'no db' });
    await db.close();
  });

  it('empties every store on clear, so the next visit syncs from the start', async () => {
    const appKey = freshApp();
    const first = await visit(appKey);
    first.store.putMsgs([msg('gus', 1)]);
    first.store.putSession(session('gus', 1));
    first.store.setTimetags({ offlineMsgs: 1 });
    await first.db.clear();
    await first.db.close();
    const second = await visit(appKey);
    expect(second.store.timetags()).toEqual({});
    expect(second.store.sessions()).toEqual([]);
    expect(await second.db.readMsgs({ sessionId: 'p2p-gus', limit: 10 })).toEqual([]);
    await second.db.close();
  });

  it(`writes through a queue of ${LOCAL_DB.taskQueueConcurrency} concurrent tasks`, async () => {
    const { db } = await visit(freshApp());
    expect(db.queue.concurrency).toBe(100);
    await db.close();
  });
});

describe('without a database', () => {
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1';

  for (const [label, extra] of [
    ['the db option off', { enabled: false }],
    ['on Safari', { userAgent: safari }],
  ] as const) {
    it(`keeps nothing with ${label}: reads are empty, clear is NO_DB 'no db'`, async () => {
      const appKey = freshApp();
      const first = await visit(appKey, extra);
      expect(first.db.kind).toBe('none');
      first.store.putMsgs([msg('hal', 1)]);
      first.store.putSession(session('hal', 1));
      first.store.setTimetags({ offlineMsgs: 1 });
      expect(await first.db.readMsgs({ sessionId: 'p2p-hal', limit: 10 })).toEqual([]);
      await expect(first.db.clear()).rejects.toMatchObject({ code: 'NO_DB', message: 'no db' });
      await first.db.close();
      const second = await visit(appKey, extra);
      expect(second.store.sessions()).toEqual([]);
      expect(second.store.timetags()).toEqual({});
      expect(first.errors).toEqual([]);
      const names = (await indexedDB.databases()).map((d) => d.name);
      expect(names).not.toContain(localDbName(appKey, 'me')); // never created
      await second.db.close();
    });
  }

  it('keeps nothing where IndexedDB is missing', async () => {
    const store = new MemoryStore();
    const db = new LocalDb(store, {
      appKey: freshApp(),
      account: 'me',
      enabled: true,
      hasIndexedDB: false,
      onError: () => {},
    });
    await db.load();
    expect(db.kind).toBe('none');
    expect(await db.readMsgs({ sessionId: 'x', limit: 1 })).toEqual([]);
    await db.close();
  });
});
