// The local database behind the memory store: an engine loads the working set at start and
// applies batches of changes. Engines: IndexedDB (idb-persistence.ts) and none (no-db.ts, for
// Node, browsers without IndexedDB or where the spec disables it, and the `db: false` option).
import type { ClientMsg, ClientSession } from '../model.ts';
import type { ClientSysMsg } from '../model.ts';
import type { StoreSnapshot, Tombstone } from './memory-store.ts';

/** Changes to apply together, in one transaction, so that none lands without the others. */
export interface ChangeBatch {
  /**
   * Every message goes first (deleteAllLocalMsgs), the tombstones (putTombstones) stay; the rest
   * of the batch happened after it.
   */
  clearAllMsgs?: boolean;
  /** Ranges first: every message of the session up to and including `before`. */
  clearSessions: { sessionId: string; before: number }[];
  removeMsgs: string[];
  /** Messages known by idServer only (a one-way delete of a message memory does not hold). */
  removeMsgsByIdServer: string[];
  putMsgs: ClientMsg[];
  /** Messages deleted here that the next sync must not store again (written after the rest). */
  putTombstones?: Tombstone[];
  removeSessions: string[];
  putSessions: ClientSession[];
  /** System messages received or changed here (deleting one here keeps it, status 'deleted'). */
  putSysMsgs?: ClientSysMsg[];
  /** The full set of timetags, when they changed. */
  timetags?: Record<string, number>;
}

export interface DbMsgQuery {
  sessionId: string;
  /** Inclusive time bounds. */
  start?: number;
  end?: number;
  limit: number;
  /** Newest first (default). */
  desc?: boolean;
}

export interface LoadLimits {
  /** The most recently updated sessions to load. */
  sessions: number;
  /** The latest messages to load per loaded session. */
  msgsPerSession: number;
  /**
   * Also every message of a loaded session newer than this time, given the stored timetags (the
   * offlineMsgs one): the next sync may deliver those again, and a message is recognised as
   * already shown only when memory holds it.
   */
  resendableAfter?: (timetags: Record<string, number>) => number | undefined;
  /** The latest system messages to load (by time); none when not given. */
  sysMsgs?: number;
}

export interface Persistence {
  /** 'indexeddb', or 'none' when no database is used. */
  readonly kind: 'indexeddb' | 'none';
  load(limits: LoadLimits): Promise<StoreSnapshot>;
  write(batch: ChangeBatch): Promise<void>;
  /** Messages of a session in the database, including those the working set never loaded. */
  readMsgs(query: DbMsgQuery): Promise<ClientMsg[]>;
  /** Empties every store of the database. */
  clear(): Promise<void>;
  close(): void;
}

export const emptyBatch = (): ChangeBatch => ({
  clearSessions: [],
  removeMsgs: [],
  removeMsgsByIdServer: [],
  putMsgs: [],
  removeSessions: [],
  putSessions: [],
});

export const isEmptyBatch = (batch: ChangeBatch): boolean =>
  !batch.putSysMsgs?.length &&
  !batch.clearAllMsgs &&
  !batch.putTombstones?.length &&
  !batch.clearSessions.length &&
  !batch.removeMsgs.length &&
  !batch.removeMsgsByIdServer.length &&
  !batch.putMsgs.length &&
  !batch.removeSessions.length &&
  !batch.putSessions.length &&
  !batch.timetags;
