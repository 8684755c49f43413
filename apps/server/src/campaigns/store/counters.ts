// Limit and chance counters (campaign_counters): one row per key, moved only by a conditional
// upsert so two concurrent requests can never both take the last unit, on either engine.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

/**
 * Adds one to `key` when it is below `limit` (a missing key counts as 0); true when it did. The
 * upsert's conflict branch is conditional, so a counter at its limit is left alone and no row
 * comes back.
 */
export async function incrementBelow(
  db: Kysely<Database>,
  key: string,
  limit: number,
): Promise<boolean> {
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

/** A counter's value; 0 for a key never counted. */
export async function readCounter(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db
    .selectFrom('campaign_counters')
    .select('count')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** The values of the keys that were ever counted (a missing key: never counted). */
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
