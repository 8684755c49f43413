// The IndexedDB engine of the local database, through idb (promises over IndexedDB). One
// database per app key and account, at document 2's version 11, with object stores for
// messages (by idClient; indexes by session and time, and by idServer), sessions (index by
// update time), system messages (by idServer; index by time) and timetags.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import { LOCAL_DB } from '@morsel/protocol';
import type { ClientMsg, ClientSession } from '../model.ts';
import type { ClientSysMsg } from '../model.ts';
import type { StoreSnapshot, Tombstone } from './memory-store.ts';
import type { ChangeBatch, DbMsgQuery, LoadLimits, Persistence } from './persistence.ts';

export interface LocalDbSchema extends DBSchema {
  msgs: {
    key: string;
    value: ClientMsg;
    indexes: { sessionTime: [string, number]; idServer: string };
  };
  sessions: { key: string; value: ClientSession; indexes: { updateTime: number } };
  sysMsgs: { key: string; value: ClientSysMsg; indexes: { time: number } };
  timetags: { key: string; value: number };
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

type MsgStore = IDBPObjectStore<LocalDbSchema, (typeof WRITE_SCOPE)[number][], 'msgs', 'readwrite'>;

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
const clearMsgsKeepingTombstones = (msgs: MsgStore) =>
  Promise.all([
    msgs.delete(IDBKeyRange.upperBound(`${TOMBSTONES}:`, true)),
    msgs.delete(IDBKeyRange.lowerBound(`${TOMBSTONES};`)),
  ]);

export class IdbPersistence implements Persistence {
  readonly kind = 'indexeddb' as const;

  private constructor(private readonly db: IDBPDatabase<LocalDbSchema>) {}

  static async open(name: string, events: IdbEvents): Promise<IdbPersistence> {
    const db = await openDB<LocalDbSchema>(name, LOCAL_DB.version, {
      upgrade(database, oldVersion) {
        // Version 11 is this SDK's first schema: anything older is rebuilt (the server holds
        // the data; the next sync refills it). Later versions migrate here step by step.
        if (oldVersion < LOCAL_DB.version)
          for (const store of [...database.objectStoreNames]) database.deleteObjectStore(store);
        const msgs = database.createObjectStore('msgs', { keyPath: 'idClient' });
        msgs.createIndex('sessionTime', ['sessionId', 'time']);
        msgs.createIndex('idServer', 'idServer');
        database
          .createObjectStore('sessions', { keyPath: 'id' })
          .createIndex('updateTime', 'updateTime');
        database.createObjectStore('sysMsgs', { keyPath: 'idServer' }).createIndex('time', 'time');
        database.createObjectStore('timetags');
      },
      blocking(_current, _blocked, event) {
        // Another tab opens a newer version: step aside rather than block it.
        (event.target as IDBDatabase).close();
        events.closed('closed for a newer version in another tab');
      },
      terminated() {
        events.closed('the browser closed the database');
      },
    });
    return new IdbPersistence(db);
  }

  static delete(name: string): Promise<void> {
    return deleteDB(name);
  }

  async load(limits: LoadLimits): Promise<StoreSnapshot> {
    const tx = this.db.transaction(['msgs', 'sessions', 'sysMsgs', 'timetags'], 'readonly');
    const timetags: Record<string, number> = {};
    const [keys, values] = await Promise.all([
      tx.objectStore('timetags').getAllKeys(),
      tx.objectStore('timetags').getAll(),
    ]);
    keys.forEach((key, i) => (timetags[key] = values[i]!));

    const sessions: ClientSession[] = [];
    let cursor = await tx.objectStore('sessions').index('updateTime').openCursor(null, 'prev');
    while (cursor && sessions.length < limits.sessions) {
      sessions.push(cursor.value);
      cursor = await cursor.continue();
    }
    const after = limits.resendableAfter?.(timetags) ?? Infinity;
    const byIndex = tx.objectStore('msgs').index('sessionTime');
    const perSession = await Promise.all(
      sessions.map(async (session) => {
        const latest: ClientMsg[] = [];
        let msgCursor = await byIndex.openCursor(sessionRange(session.id), 'prev');
        while (
          msgCursor &&
          (latest.length < limits.msgsPerSession || msgCursor.value.time > after)
        ) {
          latest.push(msgCursor.value);
          msgCursor = await msgCursor.continue();
        }
        return latest;
      }),
    );
    const tombstones = (await byIndex.getAll(
      sessionRange(TOMBSTONES),
    )) as unknown as TombstoneRecord[];
    const sysMsgs: ClientSysMsg[] = [];
    let sysCursor = limits.sysMsgs
      ? await tx.objectStore('sysMsgs').index('time').openCursor(null, 'prev')
      : null;
    while (sysCursor && sysMsgs.length < limits.sysMsgs!) {
      sysMsgs.push(sysCursor.value);
      sysCursor = await sysCursor.continue();
    }
    await tx.done;
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
    for (const idClient of batch.removeMsgs) request(() => msgs.delete(idClient));
    for (const idServer of batch.removeMsgsByIdServer)
      request(() => deleteByIdServer(msgs, idServer));
    for (const msg of batch.putMsgs) request(() => msgs.put(msg));
    for (const tombstone of batch.putTombstones ?? [])
      request(() => msgs.put(tombstoneRecord(tombstone)));
    for (const id of batch.removeSessions) request(() => sessions.delete(id));
    for (const session of batch.putSessions) request(() => sessions.put(session));
    for (const sysMsg of batch.putSysMsgs ?? []) request(() => sysMsgStore.put(sysMsg));
    for (const [category, time] of Object.entries(batch.timetags ?? {}))
      request(() => timetags.put(time, category));
    work.push(tx.done);
    await Promise.all(work);
    if (refused.length) throw refused[0];
  }

  async readMsgs({ sessionId, start, end, limit, desc = true }: DbMsgQuery): Promise<ClientMsg[]> {
    const found: ClientMsg[] = [];
    const tx = this.db.transaction('msgs', 'readonly');
    let cursor = await tx.store
      .index('sessionTime')
      .openCursor(sessionRange(sessionId, start, end), desc ? 'prev' : 'next');
    while (cursor && found.length < limit) {
      found.push(cursor.value);
      cursor = await cursor.continue();
    }
    await tx.done;
    return found;
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction([...STORES], 'readwrite');
    await Promise.all([...STORES.map((store) => tx.objectStore(store).clear()), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}

async function deleteByIdServer(msgs: MsgStore, idServer: string): Promise<void> {
  const key = await msgs.index('idServer').getKey(idServer);
  if (key !== undefined) await msgs.delete(key);
}

/** Deletes every message of a session up to `before`, held in memory or not. */
async function clearRange(msgs: MsgStore, sessionId: string, before: number): Promise<void> {
  const deletes: Promise<void>[] = [];
  let cursor = await msgs
    .index('sessionTime')
    .openKeyCursor(sessionRange(sessionId, -Infinity, before));
  while (cursor) {
    deletes.push(msgs.delete(cursor.primaryKey));
    cursor = await cursor.continue();
  }
  await Promise.all(deletes);
}
