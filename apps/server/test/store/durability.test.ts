// Security review M4: an acknowledged write must survive a power loss, so the SQLite file the
// server opens waits for the WAL's fsync at every commit (synchronous = FULL, not NORMAL).
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStore, sqliteFileIn } from '../../src/store/index.ts';
import { makeDataDir } from '../harness/index.ts';

describe('the SQLite store', () => {
  it('commits with synchronous = FULL in WAL mode', async () => {
    const dataDir = await makeDataDir();
    const store = await openStore({ sqliteFile: sqliteFileIn(dataDir) });
    try {
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(
        store.db,
      );
      const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(
        store.db,
      );
      expect(mode[0]!.journal_mode).toBe('wal');
      expect(sync[0]!.synchronous).toBe(2); // 2 = FULL (1 = NORMAL)
    } finally {
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
