// Fixed-window counters in the store, so limits hold across processes on PostgreSQL as on
// SQLite: one atomic upsert increments the counter, or restarts it when its window has ended.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface CounterState {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

/**
 * Counts one hit (or `amount`, e.g. bytes) on `key`; a window that has ended restarts at that
 * amount and ends at `resetAt`.
 */
export async function hitCounter(
  db: Kysely<Database>,
  key: string,
  now: number,
  resetAt: number,
  amount = 1,
): Promise<CounterState> {
  const count = sql.ref('rate_counters.count');
  const currentReset = sql.ref('rate_counters.reset_at');
  const row = await db
    .insertInto('rate_counters')
    .values({ key, count: amount, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${currentReset} <= ${now} then ${amount} else ${count} + ${amount} end`,
        reset_at: sql<number>`case when ${currentReset} <= ${now} then excluded.reset_at else ${currentReset} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Hits counted on `key` in its current window, without counting one more. */
/** When a counter's window ends (epoch ms), or undefined when it was never hit. */
export async function counterResetAt(
  db: Kysely<Database>,
  key: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('rate_counters')
    .select('reset_at')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.reset_at) : undefined;
}

export async function peekCounter(db: Kysely<Database>, key: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('rate_counters')
    .select('count')
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** Takes back one hit counted on `key` in its current window (an attempt that turned out not to count). */
export async function releaseCounter(
  db: Kysely<Database>,
  key: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .where('count', '>', 0)
    .execute();
}
