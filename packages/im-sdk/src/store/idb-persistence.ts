// The IndexedDB engine of the local database, on IndexedDB itself (a few promise helpers below;
// the idb wrapper cost browsers 1.4 kB gzip, decision 0063). One database per app key and
// account, at document 2's version 11, with object stores for messages (by idClient; indexes by
// session and time, and by idServer), sessions (index by update time), system messages (by
// idServer; index by time) and timetags.
import { LOCAL_DB } from '@morsel/protocol';
import type { ClientMsg, ClientSession } from '../model.ts';
import type { ClientSysMsg } from '../model.ts';
import type { StoreSnapshot, Tombstone } from './memory-store.ts';
import type { ChangeBatch, DbMsgQuery, LoadLimits, Persistence } from './persistence.ts';

/** A request's result, or its error. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Resolves when the transaction commits; rejects when it fails or is aborted (as idb's `done`).
 * Marked handled: a caller whose earlier request failed has already thrown and never awaits it.
 */
function committed(tx: IDBTransaction): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () =>
      reject(tx.error ?? new DOMException('AbortError', 'AbortError'));
  });
  done.catch(() => {});
  return done;
}

/** Walks a cursor: `visit` sees each record in turn until it returns false or none is left. */
function walk<C extends IDBCursor>(
  request: IDBRequest<C | null>,
  visit: (cursor: C) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      const cursor = request.result;
      if (cursor && visit(cursor)) cursor.continue();
      else resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

/** Up to `max` values of a cursor, newest first when it runs 'prev'. */
async function collect<T>(request: IDBRequest<IDBCursorWithValue | null>, max: number) {
  const found: T[] = [];
  await walk(request, (cursor) => {
    if (found.length >= max) return false;
    found.push(cursor.value as T);
    return found.length < max;
  });
  return found;
}

const STORES = ['msgs', 'sessions', 'sysMsgs', 'timetags'] as const;
/** Every write touches all four, so write transactions overlap and commit in order. */
const WRITE_SCOPE = ['msgs', 'sessions', 'sysMsgs', 'timetags'] as const;

/** The database of one app key and account (accounts match case-insensitively). */
export const localDbName = (appKey: string, account: string) =>
  `morsel-im-${appKey}-${account.toLowerCase()}`;

export interface IdbEvents {
  /** The connection ended abnormally, or was closed so another tab could upgrade. */
  closed(reason: string): void;
}

const sessionRange = (sessionId: string, start = -Infinity, end = Infinity) =>
  IDBKeyRange.bound([sessionId, start], [sessionId, end]);

/**
 * Messages deleted here (tombstones) are records of the msgs store under this pseudo session,
 * keyed `#deleted:<idServer>`, without an idServer field (the idServer index ignores them): the
 * schema stays document 2's version 11. No session has this id (ids are scene-target).
 */
const TOMBSTONES = '#deleted';
type TombstoneRecord = {
  idClient: string;
  sessionId: typeof TOMBSTONES;
  time: number;
  deletedIdServer: string;
};
const tombstoneRecord = ({ idServer, time }: Tombstone) =>
  ({
    idClient: `${TOMBSTONES}:${idServer}`,
    sessionId: TOMBSTONES,
    time,
    deletedIdServer: idServer,
  }) as TombstoneRecord as unknown as ClientMsg;
/** Deletes every message record but the tombstones (keys from `#deleted:` up to, not including, `#deleted;`). */
const clearMsgsKeepingTombstones = (msgs: IDBObjectStore) =>
  Promise.all([
    settled(msgs.delete(IDBKeyRange.upperBound(`${TOMBSTONES}:`, true))),
    settled(msgs.delete(IDBKeyRange.lowerBound(`${TOMBSTONES};`))),
  ]);

export class IdbPersistence implements Persistence {
  readonly kind = 'indexeddb' as const;

  private constructor(private readonly db: IDBDatabase) {}

  static async open(name: string, events: IdbEvents): Promise<IdbPersistence> {
    const request = indexedDB.open(name, LOCAL_DB.version);
    request.onupgradeneeded = (event) => {
      const database = request.result;
      // Version 11 is this SDK's first schema: anything older is rebuilt (the server holds
      // the data; the next sync refills it). Later versions migrate here step by step.
      if (event.oldVersion < LOCAL_DB.version)
        for (const store of Array.from(database.objectStoreNames))
          database.deleteObjectStore(store);
      const msgs = database.createObjectStore('msgs', { keyPath: 'idClient' });
      msgs.createIndex('sessionTime', ['sessionId', 'time']);
      msgs.createIndex('idServer', 'idServer');
      database
        .createObjectStore('sessions', { keyPath: 'id' })
        .createIndex('updateTime', 'updateTime');
      database.createObjectStore('sysMsgs', { keyPath: 'idServer' }).createIndex('time', 'time');
      database.createObjectStore('timetags');
    };
    const db = await settled(request);
    db.addEventListener('close', () => events.closed('the browser closed the database'));
    db.addEventListener('versionchange', () => {
      // Another tab opens a newer version: step aside rather than block it.
      db.close();
      events.closed('closed for a newer version in another tab');
    });
    return new IdbPersistence(db);
  }

  static async delete(name: string): Promise<void> {
    await settled(indexedDB.deleteDatabase(name));
  }

  async load(limits: LoadLimits): Promise<StoreSnapshot> {
    const tx = this.db.transaction(['msgs', 'sessions', 'sysMsgs', 'timetags'], 'readonly');
    const done = committed(tx);
    const timetags: Record<string, number> = {};
    const [keys, values] = await Promise.all([
      settled(tx.objectStore('timetags').getAllKeys()),
      settled(tx.objectStore('timetags').getAll()),
    ]);
    keys.forEach((key, i) => (timetags[key as string] = values[i] as number));

    const sessions = await collect<ClientSession>(
      tx.objectStore('sessions').index('updateTime').openCursor(null, 'prev'),
      limits.sessions,
    );
    const after = limits.resendableAfter?.(timetags) ?? Infinity;
    const byIndex = tx.objectStore('msgs').index('sessionTime');
    const perSession = await Promise.all(
      sessions.map(async (session) => {
        const latest: ClientMsg[] = [];
        await walk(byIndex.openCursor(sessionRange(session.id), 'prev'), (cursor) => {
          const msg = cursor.value as ClientMsg;
          if (latest.length >= limits.msgsPerSession && !(msg.time > after)) return false;
          latest.push(msg);
          return true;
        });
        return latest;
      }),
    );
    const tombstones = (await settled(
      byIndex.getAll(sessionRange(TOMBSTONES)),
    )) as unknown as TombstoneRecord[];
    const sysMsgs = limits.sysMsgs
      ? await collect<ClientSysMsg>(
          tx.objectStore('sysMsgs').index('time').openCursor(null, 'prev'),
          limits.sysMsgs,
        )
      : [];
    await done;
    return {
      timetags,
      sessions,
      msgs: perSession.flat(),
      tombstones: tombstones.map((t) => ({ idServer: t.deletedIdServer, time: t.time })),
      sysMsgs,
    };
  }

  async write(batch: ChangeBatch): Promise<void> {
    const tx = this.db.transaction([...WRITE_SCOPE], 'readwrite');
    const done = committed(tx);
    const msgs = tx.objectStore('msgs');
    const sessions = tx.objectStore('sessions');
    const timetags = tx.objectStore('timetags');
    const sysMsgStore = tx.objectStore('sysMsgs');
    // Requests are queued in this order within the transaction: clearing every message (the
    // tombstones stay: what was deleted here stays so), range clears, removals, puts.
    const work: Promise<unknown>[] = batch.clearAllMsgs ? [clearMsgsKeepingTombstones(msgs)] : [];
    work.push(
      ...batch.clearSessions.map(({ sessionId, before }) => clearRange(msgs, sessionId, before)),
    );
    // A record IndexedDB cannot store (a value that cannot be cloned) throws at once: that one
    // is skipped and reported, the rest of the batch is stored.
    const refused: unknown[] = [];
    const request = (make: () => Promise<unknown>) => {
      try {
        work.push(make());
      } catch (error) {
        refused.push(error);
      }
    };
    for (const idClient of batch.removeMsgs) request(() => settled(msgs.delete(idClient)));
    for (const idServer of batch.removeMsgsByIdServer)
      request(() => deleteByIdServer(msgs, idServer));
    for (const msg of batch.putMsgs) request(() => settled(msgs.put(msg)));
    for (const tombstone of batch.putTombstones ?? [])
      request(() => settled(msgs.put(tombstoneRecord(tombstone))));
    for (const id of batch.removeSessions) request(() => settled(sessions.delete(id)));
    for (const session of batch.putSessions) request(() => settled(sessions.put(session)));
    for (const sysMsg of batch.putSysMsgs ?? []) request(() => settled(sysMsgStore.put(sysMsg)));
    for (const [category, time] of Object.entries(batch.timetags ?? {}))
      request(() => settled(timetags.put(time, category)));
    work.push(done);
    await Promise.all(work);
    if (refused.length) throw refused[0];
  }

  async readMsgs({ sessionId, start, end, limit, desc = true }: DbMsgQuery): Promise<ClientMsg[]> {
    const tx = this.db.transaction('msgs', 'readonly');
    const done = committed(tx);
    const found = await collect<ClientMsg>(
      tx
        .objectStore('msgs')
        .index('sessionTime')
        .openCursor(sessionRange(sessionId, start, end), desc ? 'prev' : 'next'),
      limit,
    );
    await done;
    return found;
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction([...STORES], 'readwrite');
    const done = committed(tx);
    await Promise.all([...STORES.map((store) => settled(tx.objectStore(store).clear())), done]);
  }

  close(): void {
    this.db.close();
  }
}

async function deleteByIdServer(msgs: IDBObjectStore, idServer: string): Promise<void> {
  const key = await settled(msgs.index('idServer').getKey(idServer));
  if (key !== undefined) await settled(msgs.delete(key));
}

/** Deletes every message of a session up to `before`, held in memory or not. */
async function clearRange(msgs: IDBObjectStore, sessionId: string, before: number): Promise<void> {
  const deletes: Promise<undefined>[] = [];
  await walk(
    msgs.index('sessionTime').openKeyCursor(sessionRange(sessionId, -Infinity, before)),
    (cursor) => {
      deletes.push(settled(msgs.delete(cursor.primaryKey)));
      return true;
    },
  );
  await Promise.all(deletes);
}
