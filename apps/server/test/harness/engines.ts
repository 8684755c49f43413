// The one way a test runs on both store engines. An engine whose service does not answer shows
// as a skipped test that names the reason, never as a suite that silently registers nothing;
// under CI the skip fails the run (scripts/test-summary.mjs), because CI starts every service.
import fs from 'node:fs/promises';
import { describe, it } from 'vitest';
import type { Config } from '../../src/config/index.ts';
import {
  openStore,
  sqliteFileIn,
  type EngineName,
  type StoreOptions,
} from '../../src/store/index.ts';
import { makeDataDir } from './server.ts';
import { createPostgresDatabase, postgresStatus, type ServiceCheck } from './services.ts';

export type { EngineName } from '../../src/store/index.ts';

/** A fresh database for one suite, opened as a store as often as the suite likes. */
export interface FreshStore {
  options: StoreOptions;
  open(): ReturnType<typeof openStore>;
  dispose(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  label: 'SQLite' | 'PostgreSQL';
  /**
   * A fresh database on this engine for one suite: the config that points a server at it (none
   * for SQLite, whose file lives in the server's data directory) and how to drop it.
   */
  freshDatabase(): Promise<{ config: Partial<Config>; drop(): Promise<void> }>;
  /** A fresh database for store-level tests (no server): SQLite in a new data directory. */
  freshStore(): Promise<FreshStore>;
}

const ENGINES: Record<EngineName, Engine & { status(): Promise<ServiceCheck> }> = {
  sqlite: {
    name: 'sqlite',
    label: 'SQLite',
    status: async () => ({ available: true }),
    freshDatabase: async () => ({ config: {}, drop: async () => {} }),
    async freshStore() {
      const dataDir = await makeDataDir();
      const options = { sqliteFile: sqliteFileIn(dataDir) };
      return {
        options,
        open: () => openStore(options),
        dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
  postgres: {
    name: 'postgres',
    label: 'PostgreSQL',
    status: postgresStatus,
    async freshDatabase() {
      const database = await createPostgresDatabase();
      return { config: { databaseUrl: database.url }, drop: database.drop };
    },
    async freshStore() {
      const database = await createPostgresDatabase();
      const options = { databaseUrl: database.url };
      return { options, open: () => openStore(options), dispose: database.drop };
    },
  },
};

type EngineBody = (engine: Engine) => void;

/**
 * Registers `body` once per engine, inside `describe('[<title>] on <engine>')`. Call it with
 * top-level await: whether PostgreSQL answers is known before the tests are collected.
 */
export async function forEachEngine(body: EngineBody): Promise<void>;
export async function forEachEngine(title: string, body: EngineBody): Promise<void>;
export async function forEachEngine(
  titleOrBody: string | EngineBody,
  maybeBody?: EngineBody,
): Promise<void> {
  const [title, body] =
    typeof titleOrBody === 'string' ? [`${titleOrBody} on`, maybeBody!] : ['on', titleOrBody];
  for (const name of ['sqlite', 'postgres'] as const) {
    const { status, ...engine } = ENGINES[name];
    const check = await status();
    describe(`${title} ${engine.label}`, () => {
      if (check.available) return body(engine);
      const reason = `${engine.label} is not reachable (${check.reason}); run scripts/ensure-system.sh`;
      console.warn(`[morsel tests] ${title} ${engine.label}: skipped, ${reason}`);
      it(`needs ${engine.label}`, (context) => {
        context.skip(reason);
      });
    });
  }
}
