// Counters that only move by a conditional increment: per-user limits (per day, in total) and
// chances earned by actions. One statement decides (store/counters.ts), so two concurrent
// requests can never both take the last unit, on SQLite as on PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { incrementBelow } from '../store/counters.ts';

export { readCounter, readCounters } from '../store/counters.ts';

/** Adds one to `key` when it is below `limit`; true when it did. A limit of 0 allows nothing. */
export async function tryIncrement(
  db: Kysely<Database>,
  key: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  return incrementBelow(db, key, limit);
}

/** Keys of the limits, in one place so every campaign names them alike. */
export const counterKey = {
  daily: (campaignId: string, action: string, userId: number, day: string) =>
    `${campaignId}:${action}:${userId}:${day}`,
  total: (campaignId: string, action: string, userId: number) =>
    `${campaignId}:${action}:${userId}:total`,
};
