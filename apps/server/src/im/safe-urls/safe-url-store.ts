// Safe short URLs in the store: which original URL each app's issued safe URL stands for.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface SafeUrlRecord {
  appKey: string;
  safeUrl: string;
  originUrl: string;
}

/** Stores an issued safe URL; the same safe URL twice fails with a unique violation. */
export async function insertSafeUrl(
  db: Kysely<Database>,
  record: SafeUrlRecord,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_safe_urls')
    .values({
      app_key: record.appKey,
      safe_url: record.safeUrl,
      origin_url: record.originUrl,
      created_at: now,
    })
    .execute();
}

/** The original URL behind a safe URL issued to this app, or undefined. */
export async function originUrlOf(
  db: Kysely<Database>,
  appKey: string,
  safeUrl: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('im_safe_urls')
    .select('origin_url')
    .where('app_key', '=', appKey)
    .where('safe_url', '=', safeUrl)
    .executeTakeFirst();
  return row?.origin_url;
}
