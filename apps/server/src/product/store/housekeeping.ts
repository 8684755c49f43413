// Short-lived rows (replay guard, captchas, counters, cache, dead sessions) are deleted once
// they can no longer matter, so the tables stay small.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

const DAY_MS = 86_400_000;

/** A value every process may share until `expires_at`. */
export async function readCache(
  db: Kysely<Database>,
  key: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('product_cache')
    .select('value')
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.value;
}

export async function writeCache(
  db: Kysely<Database>,
  key: string,
  value: string,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('product_cache')
    .values({ key, value, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at: expiresAt }))
    .execute();
}

/** Records an accepted signature; false when it was already seen (a replay). */
export async function rememberSignature(
  db: Kysely<Database>,
  key: string,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .insertInto('openapi_seen_signatures')
    .values({ key, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** How long records kept for support and statistics stay (MORSEL_*_RETENTION_DAYS). */
export interface Retention {
  pageViewDays: number;
  smsOutboxDays: number;
}

export async function deleteExpired(
  db: Kysely<Database>,
  now: number,
  retention: Retention,
): Promise<void> {
  await db.deleteFrom('openapi_seen_signatures').where('expires_at', '<=', now).execute();
  await db.deleteFrom('image_captchas').where('expires_at', '<=', now).execute();
  await db.deleteFrom('rate_counters').where('reset_at', '<=', now).execute();
  await db.deleteFrom('product_cache').where('expires_at', '<=', now).execute();
  // Codes are kept a day past expiry: support can still see what was sent.
  await db
    .deleteFrom('sms_captchas')
    .where('expires_at', '<=', now - DAY_MS)
    .execute();
  await db
    .deleteFrom('product_sessions')
    .where('expires_at', '<=', now - DAY_MS)
    .execute();
  // Log-like rows anyone can cause: without an end they fill the disk (review H2).
  await db
    .deleteFrom('lizard_page_views')
    .where('created_at', '<', now - retention.pageViewDays * DAY_MS)
    .execute();
  await db
    .deleteFrom('sms_outbox')
    .where('created_at', '<', now - retention.smsOutboxDays * DAY_MS)
    .execute();
}
