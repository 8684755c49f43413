// The external services some suites need (PostgreSQL, Redis). Locally a missing service skips
// those suites with a message naming it; under CI (CI=true) a missing service fails the run,
// because .ci/run is responsible for starting them.
import pg from 'pg';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';

export const POSTGRES_ADMIN_URL =
  process.env.MORSEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.MORSEL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const inCi = process.env.CI === 'true' || process.env.CI === '1';

export interface ServiceCheck {
  available: boolean;
  reason?: string;
}

function decide(name: string, check: ServiceCheck): boolean {
  if (check.available) return true;
  const message = `${name} is not reachable (${check.reason}); its suites are skipped`;
  if (inCi) throw new Error(`${message} — but CI requires it`);
  console.warn(`[morsel tests] ${message}. Run scripts/ensure-system.sh to start it.`);
  return false;
}

export async function checkPostgres(): Promise<boolean> {
  return decide('PostgreSQL', await postgresStatus());
}

let postgresProbe: Promise<ServiceCheck> | undefined;

/** Whether PostgreSQL answers, asked once per test file and never throwing. */
export function postgresStatus(): Promise<ServiceCheck> {
  postgresProbe ??= probePostgres();
  return postgresProbe;
}

async function probePostgres(): Promise<ServiceCheck> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return { available: true };
  } catch (error) {
    return { available: false, reason: (error as Error).message };
  } finally {
    await client.end().catch(() => {});
  }
}

export async function checkRedis(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return decide('Redis', { available: true });
  } catch (error) {
    return decide('Redis', { available: false, reason: (error as Error).message });
  } finally {
    redis.disconnect();
  }
}

/** A fresh PostgreSQL database for one suite; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `morsel_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        // A closed pg pool ends its connections without waiting for them: let them finish
        // before dropping, or FORCE kills them mid-goodbye and they raise unhandled errors.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A key prefix no other test run shares. */
export function uniquePrefix(): string {
  return `morsel-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}
