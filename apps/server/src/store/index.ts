import path from 'node:path';
import { Kysely, Migrator, type MigrationResultSet } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { postgresDialect, sqliteDialect, type EngineName } from './engines.ts';

export type { Database, ImAccountTable, ImClientLogTable } from './schema.ts';
export type { EngineName } from './engines.ts';
export { isStatementTimeout, isUniqueViolation } from './errors.ts';
export { compiledOnce, compiledOnceForAnyHandle } from './compiled-once.ts';
export { isSqlite } from './migrations/helpers.ts';
export { WriteBatcher } from './write-batcher.ts';
export { imAppExists, storedAccid } from './im-directory.ts';
export { inTransaction } from './transaction.ts';
export { groupCommit, type GroupedWrite } from './group-commit.ts';
export { pingStore } from './ping.ts';

export interface Store {
  readonly db: Kysely<Database>;
  readonly engine: EngineName;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the SQLite file is used. */
  databaseUrl?: string;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL only: statements running longer are cancelled (migrations are exempt). */
  statementTimeoutMs?: number;
}

export const SQLITE_FILE_NAME = 'morsel.sqlite';

export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, SQLITE_FILE_NAME);
}

/** Opens the store on the engine the options name and applies pending migrations. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const engine: EngineName = options.databaseUrl ? 'postgres' : 'sqlite';
  if (options.databaseUrl) {
    // Migrations (an index build, a backfill) may rightly take longer than any request: they
    // run on their own short-lived pool without the statement timeout.
    const migrating = new Kysely<Database>({ dialect: postgresDialect(options.databaseUrl) });
    try {
      await migrateToLatest(migrating);
    } finally {
      await migrating.destroy();
    }
    const db = new Kysely<Database>({
      dialect: postgresDialect(options.databaseUrl, options.statementTimeoutMs),
    });
    return { db, engine, close: () => db.destroy() };
  }
  const db = new Kysely<Database>({ dialect: sqliteDialect(options.sqliteFile ?? ':memory:') });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine, close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
