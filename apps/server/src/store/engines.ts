// The two engines behind the one query layer: better-sqlite3 (embedded default) and pg.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { startWalCheckpointer } from './wal-checkpointer.ts';
import { PostgresDialect, SqliteDialect, type Dialect } from 'kysely';

export type EngineName = 'sqlite' | 'postgres';

// int8 and numeric come back as strings by default; our bigints are epoch milliseconds and
// counters, all far below 2^53, so numbers are safe and keep rows identical on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function sqliteDialect(file: string): Dialect {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // FULL: every commit waits for the WAL's fsync, so an acknowledged message (or coupon claim)
  // survives a power loss, not only a crash of the process. Group commit (write-batcher.ts)
  // spreads that fsync over every write of a batch (docs/benchmarks.md measures the cost).
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Statement journals (a multi-row write that may have to undo itself) in memory, not in a
  // temporary file opened, written and removed per statement.
  database.pragma('temp_store = MEMORY');
  // Hot index pages of a busy message table stay in memory (SQLite's default is 2 MiB).
  database.pragma('cache_size = -65536');
  const checkpointer = file === ':memory:' ? undefined : startWalCheckpointer(database, file);
  return new SqliteDialect({ database: withStatementCache(database, () => checkpointer?.stop()) });
}

/** Prepared statements kept per SQL text; beyond this many the oldest is dropped. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh; the IM hot paths (login, sync, send) run the same few
 * hundred queries over and over, so prepared statements are reused by their SQL text.
 * better-sqlite3 statements are synchronous and re-prepare themselves after schema changes.
 */
function withStatementCache(database: BetterSqlite3.Database, beforeClose: () => void) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      beforeClose();
      database.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-inserted below: the map keeps the most recent last
      } else {
        statement = database.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * `statementTimeoutMs` makes PostgreSQL cancel any statement that runs longer (error 57014,
 * isStatementTimeout): a request answered 503 by its own time limit must not keep holding one
 * of the pool's 10 connections with a query nobody waits for (security review M7).
 */
export function postgresDialect(connectionString: string, statementTimeoutMs?: number): Dialect {
  const timeout = statementTimeoutMs !== undefined ? { statement_timeout: statementTimeoutMs } : {};
  return new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 10, ...timeout }) });
}
