// The local database of one instance: picks the engine (IndexedDB, or none), loads the working
// set into the memory store at start (the 500 most recent sessions, the latest 100 messages of
// each, the latest system messages, the timetags, so the next sync is incremental and history
// shows at once), then
// persists every change of the memory store through a queue of at most 100 concurrent tasks.
// Storage failures are reported as ImError('DB', ...) and never stop messaging: the SDK goes on
// from memory.
import { ImError, LIMITS, LOCAL_DB, STORED_SYNC_CATEGORIES } from '@morsel/protocol';
import type { ClientMsg } from '../model.ts';
import { TaskQueue } from '../util/task-queue.ts';
import { noDbReason, type DbEnvironment } from './db-support.ts';
import { IdbPersistence, localDbName } from './idb-persistence.ts';
import type { MemoryStore } from './memory-store.ts';
import { NoDbPersistence } from './no-db.ts';
import type { DbMsgQuery, Persistence } from './persistence.ts';
import { StoreWriter } from './store-writer.ts';

/**
 * The sync categories whose data this database keeps (the protocol's `stored` flag): messages,
 * sessions (with the receipts, recalls and stick-top state they carry) and system messages. Only
 * their timetags are stored, so the next visit's sync asks for what came since; every other
 * category lives in memory only and starts over at each visit.
 */
export const STORED_CATEGORIES: ReadonlySet<string> = STORED_SYNC_CATEGORIES;

/**
 * System messages loaded at start, the latest by time. Their sync is incremental, so older ones
 * stay in the database only (and out of the unread counts).
 */
export const SYSMSG_LOAD_LIMIT = 1000;

const storedTimetags = (timetags: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(timetags).filter(([category]) => STORED_CATEGORIES.has(category)),
  );

export interface LocalDbOptions extends DbEnvironment {
  appKey: string;
  account: string;
  /** Called with ImError('DB', ...) for every storage failure. */
  onError(error: ImError): void;
}

/** Any failure of the database as the named error DB (NO_DB and DB pass through). */
export function dbError(error: unknown): ImError {
  if (error instanceof ImError && (error.code === 'DB' || error.code === 'NO_DB')) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return new ImError('DB', `local database: ${name}: ${message}`, { name });
}

export class LocalDb {
  readonly queue = new TaskQueue(LOCAL_DB.taskQueueConcurrency);
  private persistence: Persistence;
  private readonly writer: StoreWriter;
  private readonly opened: Promise<void>;

  constructor(
    private readonly store: MemoryStore,
    private readonly options: LocalDbOptions,
  ) {
    const reason = noDbReason(options);
    this.persistence = new NoDbPersistence(reason ?? 'opening');
    this.opened = reason ? Promise.resolve() : this.openIndexedDb();
    // Changes made before the database is open are gathered until it is. Every task creates its
    // transaction as it starts, so transactions are created in the order of the changes.
    this.writer = new StoreWriter(
      this.queue,
      (batch) =>
        this.persistence.write(
          batch.timetags ? { ...batch, timetags: storedTimetags(batch.timetags) } : batch,
        ),
      (error) => this.report(error),
      this.opened,
    );
    // Without a database the store is not listened to at all: Node's hot paths pay nothing.
    if (!reason) store.listen(this.writer);
  }

  /** 'indexeddb' once open, or 'none'. */
  get kind(): Persistence['kind'] {
    return this.persistence.kind;
  }

  /** Loads the working set into the memory store; never fails (a failure is reported). */
  async load(): Promise<void> {
    await this.opened;
    try {
      const snapshot = await this.queue.run(() =>
        this.persistence.load({
          sessions: LIMITS.sessionLoadLimit,
          msgsPerSession: LIMITS.defaultReadLimit,
          // Messages that arrived live after the last sync come again with the next one.
          resendableAfter: (timetags) => timetags.offlineMsgs,
          sysMsgs: SYSMSG_LOAD_LIMIT,
        }),
      );
      // A database written by an earlier version may hold other categories' timetags: ignored.
      this.store.hydrate({ ...snapshot, timetags: storedTimetags(snapshot.timetags) });
    } catch (error) {
      this.report(error);
    }
  }

  /**
   * Messages of a session from the database, including those older than the working set; they
   * join the working set. With no database: none.
   */
  async readMsgs(query: DbMsgQuery): Promise<ClientMsg[]> {
    await this.opened;
    this.writer.flushNow(); // the read is queued after every change made so far
    try {
      const found = await this.queue.run(() => this.persistence.readMsgs(query));
      this.store.hydrate({ timetags: {}, sessions: [], msgs: found });
      return found.map((msg) => this.store.getMsg(msg.idClient) ?? msg);
    } catch (error) {
      throw dbError(error);
    }
  }

  /**
   * Empties this account's database (messages, sessions, system messages, timetags): the next
   * login syncs as a new device would. The working set in memory stays. With no database: NO_DB.
   */
  async clear(): Promise<void> {
    await this.opened;
    this.writer.flushNow();
    try {
      await this.queue.run(() => this.persistence.clear());
    } catch (error) {
      throw dbError(error);
    }
  }

  /** Writes what is pending, then closes the database. */
  async close(): Promise<void> {
    await this.opened;
    await this.writer.flush();
    this.store.listen(undefined);
    this.persistence.close();
    this.persistence = new NoDbPersistence('closed');
  }

  private async openIndexedDb(): Promise<void> {
    try {
      this.persistence = await IdbPersistence.open(
        localDbName(this.options.appKey, this.options.account),
        {
          closed: (reason) => {
            this.persistence = new NoDbPersistence(reason);
            this.report(new ImError('DB', `local database: ${reason}`));
          },
        },
      );
    } catch (error) {
      // Private windows and full disks refuse IndexedDB: carry on without it.
      this.persistence = new NoDbPersistence('IndexedDB failed to open');
      this.report(error);
    }
  }

  private report(error: unknown): void {
    this.options.onError(dbError(error));
  }
}
