// Group commit: writes that arrive while a transaction is running wait, then run together in the
// next one. Each write still sees only its own effects rolled back on failure (a savepoint each),
// and each caller is answered only after the transaction holding its write has committed, so
// "durable before acknowledged" holds while the commit cost (SQLite's WAL append, PostgreSQL's
// fsync) is paid once per batch instead of once per write.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

/** At most this many writes share one transaction, so one batch never holds the store long. */
const MAX_BATCH = 256;

export class GroupCommit {
  private queue: Job[] = [];
  private running = false;
  private scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in a transaction shared with concurrent writes; resolves after the commit. */
  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.running || this.scheduled) return;
      // Start in the event loop's check phase, not now: better-sqlite3 answers synchronously, so
      // a command runs to its write without yielding, and only after this turn's I/O callbacks
      // (the other connections' frames already received) have queued their writes is there a
      // batch to share.
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.drain();
      });
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) await this.commitBatch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async commitBatch(jobs: Job[]): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const job of jobs) {
          // A lone write needs no savepoint: its failure rolls the whole transaction back.
          if (jobs.length === 1) {
            job.outcome = { ok: true, value: await job.work(trx) };
            continue;
          }
          await sql`savepoint group_write`.execute(trx);
          try {
            job.outcome = { ok: true, value: await job.work(trx) };
            await sql`release savepoint group_write`.execute(trx);
          } catch (error) {
            await sql`rollback to savepoint group_write`.execute(trx);
            await sql`release savepoint group_write`.execute(trx);
            job.outcome = { ok: false, error };
          }
        }
      });
    } catch (error) {
      // The commit (or a lone write) failed: nothing of this batch is stored.
      for (const job of jobs) job.reject(job.outcome && !job.outcome.ok ? job.outcome.error : error);
      return;
    }
    for (const job of jobs) {
      const outcome = job.outcome!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    }
  }
}

const perDatabase = new WeakMap<Kysely<Database>, GroupCommit>();

/** The group commit of a database handle (one per store). */
export function groupCommit(db: Kysely<Database>): GroupCommit {
  let group = perDatabase.get(db);
  if (!group) {
    group = new GroupCommit(db);
    perDatabase.set(db, group);
  }
  return group;
}
