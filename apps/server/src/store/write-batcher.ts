// Group commit: writes that arrive in the same turn of the event loop are handed to one batch
// function, which stores them in one transaction, and each caller is answered only after that
// transaction has committed. "Durable before acknowledged" holds while the commit cost (SQLite's
// WAL append, PostgreSQL's fsync) and the statements themselves are paid once per batch instead
// of once per write. When a batch fails, its writes are retried one by one, so a bad write
// (an idClient seen before, a constraint) loses only itself.

/** Stores every item in one transaction and returns their results in order, or throws. */
export type BatchWrite<I, O> = (items: I[]) => Promise<O[]>;

interface Job<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** At most this many writes share one transaction, so one batch never holds the store long. */
export const MAX_BATCH = 256;

export class WriteBatcher<I, O> {
  private queue: Job<I, O>[] = [];
  private running = false;
  private scheduled = false;

  constructor(private readonly write: BatchWrite<I, O>) {}

  /** Queues `item`; resolves with its result once the transaction holding it has committed. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
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
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async commit(jobs: Job<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await this.write(jobs.map((job) => job.item));
    } catch (error) {
      if (jobs.length === 1) {
        jobs[0]!.reject(error);
        return;
      }
      // Nothing of the batch was stored: each write now runs alone and meets its own outcome.
      for (const job of jobs) await this.commit([job]);
      return;
    }
    jobs.forEach((job, i) => job.resolve(results[i]!));
  }
}
