// WAL checkpoints of the SQLite file, off the event loop. SQLite's automatic checkpoint runs in
// the connection that commits, inside the commit: it copies the WAL's pages back into the
// database file and syncs it, and under a stream of message writes that took about two thirds
// of every commit's time (docs/benchmarks.md). Once the WAL has grown, a worker thread with its own
// connection checkpoints it in PASSIVE mode, which never blocks the writer, so the copy and the
// sync run on another core. The writer keeps a far larger automatic checkpoint as a backstop:
// it resets the WAL (a writer can only restart it once every frame is copied), and takes over
// if the worker is gone.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** The writer's own automatic checkpoint, in pages (SQLite's default is 1,000). */
export const BACKSTOP_CHECKPOINT_PAGES = 20_000;

export interface CheckpointerOptions {
  /** The WAL size at which the worker starts (below it SQLite's own checkpoints cost little). */
  startAtBytes: number;
  /** How often the worker checkpoints. */
  checkpointEveryMs: number;
  /** How often the WAL size is looked at until the worker starts. */
  watchEveryMs: number;
}

const DEFAULTS: CheckpointerOptions = {
  startAtBytes: 8 * 1024 * 1024,
  checkpointEveryMs: 50,
  watchEveryMs: 1_000,
};
/** After a reset, SQLite truncates the WAL file to this size instead of keeping its peak. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

// The worker is plain JavaScript, so it runs the same under tsx, vitest and a compiled build.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export interface WalCheckpointer {
  /** True once the worker runs the checkpoints. */
  readonly started: boolean;
  stop(): void;
}

/** Sets the writer's checkpoint pragmas and watches the WAL; the worker starts once it is big. */
export function startWalCheckpointer(
  database: BetterSqlite3.Database,
  file: string,
  options: Partial<CheckpointerOptions> = {},
): WalCheckpointer {
  const { startAtBytes, checkpointEveryMs, watchEveryMs } = { ...DEFAULTS, ...options };
  database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  database.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  let worker: Worker | undefined;
  let stopped = false;
  const watch = setInterval(() => {
    fs.stat(`${file}-wal`, (error, stat) => {
      if (error || stopped || worker || stat.size < startAtBytes) return;
      clearInterval(watch);
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          file,
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
          everyMs: checkpointEveryMs,
        },
      });
      worker.unref();
      // A worker that fails leaves the writer's backstop checkpoint in charge.
      worker.on('error', () => (worker = undefined));
    });
  }, watchEveryMs);
  watch.unref();
  return {
    get started() {
      return worker !== undefined;
    },
    stop() {
      stopped = true;
      clearInterval(watch);
      worker?.postMessage('stop');
      worker = undefined;
    },
  };
}
