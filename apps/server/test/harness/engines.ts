// The one way a test runs on both store engines. An engine whose service does not answer shows
// as a skipped test that names the reason, never as a suite that silently registers nothing;
// under CI the skip fails the run (scripts/test-summary.mjs), because CI starts every service.
import { describe, it } from 'vitest';
import type { Config } from '../../src/config/index.ts';
import { createPostgresDatabase, postgresStatus, type ServiceCheck } from './services.ts';

export type EngineName = 'sqlite' | 'postgres';

export interface Engine {
  name: EngineName;
  label: 'SQLite' | 'PostgreSQL';
  /**
   * A fresh database on this engine for one suite: the config that points a server at it (none
   * for SQLite, whose file lives in the server's data directory) and how to drop it.
   */
  freshDatabase(): Promise<{ config: Partial<Config>; drop(): Promise<void> }>;
}

const ENGINES: Record<EngineName, Engine & { status(): Promise<ServiceCheck> }> = {
  sqlite: {
    name: 'sqlite',
    label: 'SQLite',
    status: async () => ({ available: true }),
    freshDatabase: async () => ({ config: {}, drop: async () => {} }),
  },
  postgres: {
    name: 'postgres',
    label: 'PostgreSQL',
    status: postgresStatus,
    async freshDatabase() {
      const database = await createPostgresDatabase();
      return { config: { databaseUrl: database.url }, drop: database.drop };
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
      it(`needs ${engine.label}`, (context) => {
        context.skip(
          `${engine.label} is not reachable (${check.reason}); run scripts/ensure-system.sh`,
        );
      });
    });
  }
}
