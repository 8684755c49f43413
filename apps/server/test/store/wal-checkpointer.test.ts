// The SQLite file's checkpoints run in a worker thread once the WAL has grown: the rows written
// reach the database file itself without the writer checkpointing.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BACKSTOP_CHECKPOINT_PAGES,
  startWalCheckpointer,
  type WalCheckpointer,
} from '../../src/store/wal-checkpointer.ts';
import { makeDataDir } from '../harness/index.ts';

async function until(what: string, check: () => boolean) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe('WAL checkpoints off the event loop', () => {
  const opened: { database: BetterSqlite3.Database; checkpointer: WalCheckpointer }[] = [];
  afterEach(() => {
    for (const { database, checkpointer } of opened.splice(0)) {
      checkpointer.stop();
      database.close();
    }
  });

  async function open(startAtBytes: number) {
    const file = path.join(await makeDataDir(), 'wal.sqlite');
    const database = new BetterSqlite3(file);
    database.pragma('journal_mode = WAL');
    const checkpointer = startWalCheckpointer(database, file, {
      startAtBytes,
      watchEveryMs: 20,
      checkpointEveryMs: 20,
    });
    opened.push({ database, checkpointer });
    database.exec('create table rows (id integer primary key, payload text)');
    const insert = database.prepare('insert into rows (payload) values (?)');
    // About 2 MiB of rows, in many small transactions as the message writer commits them.
    for (let i = 0; i < 500; i++) database.transaction(() => insert.run('x'.repeat(4000)))();
    return { file, database, checkpointer };
  }

  it('leaves the writer a far larger automatic checkpoint, so its commits do not copy pages back', async () => {
    const { file, database } = await open(Number.MAX_SAFE_INTEGER);
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_CHECKPOINT_PAGES);
    // Nothing has been checkpointed: the rows are in the WAL only.
    expect(fs.statSync(file).size).toBeLessThan(100_000);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);
  });

  it('starts a worker once the WAL passes its size, and the worker moves the rows into the file', async () => {
    const { file, checkpointer } = await open(1_000_000);
    await until('the worker starts', () => checkpointer.started);
    await until('the database file holds the rows', () => fs.statSync(file).size > 2_000_000);
  });

  it('starts no worker while the WAL is small', async () => {
    const { file, checkpointer } = await open(64 * 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(checkpointer.started).toBe(false);
    expect(fs.statSync(file).size).toBeLessThan(100_000);
  });
});
