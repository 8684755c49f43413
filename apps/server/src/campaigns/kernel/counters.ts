// Counters that only move by a conditional increment: per-user limits (per day, in total) and
// chances earned by actions. One statement decides, so two concurrent requests can never both
// take the last unit, on SQLite as on PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

/**
 * Adds one to `key` when it is below `limit`; true when it did. The upsert's conflict branch is
 * conditional, so a counter at its limit is left alone and no row comes back.
 */
export async function tryIncrement(
  db: Kysely<Database>,
  key: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const row = await db
    .insertInto('campaign_counters')
    .values({ key, count: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ count: sql<number>`campaign_counters.count + 1` })
        .where('campaign_counters.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

export async function readCounter(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db
    .selectFrom('campaign_counters')
    .select('count')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function readCounters(
  db: Kysely<Database>,
  keys: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (keys.length === 0) return counts;
  const rows = await db
    .selectFrom('campaign_counters')
    .select(['key', 'count'])
    .where('key', 'in', keys)
    .execute();
  for (const row of rows) counts.set(row.key, Number(row.count));
  return counts;
}

/** Keys of the limits, in one place so every campaign names them alike. */
export const counterKey = {
  daily: (campaignId: string, action: string, userId: number, day: string) =>
    `${campaignId}:${action}:${userId}:${day}`,
  total: (campaignId: string, action: string, userId: number) =>
    `${campaignId}:${action}:${userId}:total`,
};
