// Small independent writes that arrive together commit together: a login writes its presence row
// and its login event, and in a reconnect storm thousands of logins arrive at once. Each write on
// its own is a commit, and on SQLite (synchronous = FULL) every commit waits for the WAL's fsync
// with the event loop blocked (better-sqlite3 is synchronous), so logins queued behind each
// other's fsyncs. Through here the writes of one turn of the event loop share one transaction
// (WriteBatcher: each caller is answered after that commit; a failing batch is retried write by
// write, so a bad write loses only itself).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { inTransaction } from './transaction.ts';
import { WriteBatcher } from './write-batcher.ts';

/** A write to run inside the shared transaction (pass it the handle it is given). */
export type GroupedWrite = (trx: Kysely<Database>) => Promise<void>;

const batchers = new WeakMap<Kysely<Database>, WriteBatcher<GroupedWrite, void>>();

function batcherFor(db: Kysely<Database>): WriteBatcher<GroupedWrite, void> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher<GroupedWrite, void>(async (writes) => {
      await inTransaction(db, async (trx) => {
        for (const write of writes) await write(trx);
      });
      return writes.map(() => undefined);
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Runs `write` in a transaction shared with the other grouped writes of this turn; resolves once
 * it has committed. Inside a transaction already, it simply joins that one.
 */
export function groupCommit(db: Kysely<Database>, write: GroupedWrite): Promise<void> {
  if (db.isTransaction) return write(db);
  return batcherFor(db).submit(write);
}
