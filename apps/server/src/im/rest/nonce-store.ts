// REST nonces in the store: one row per app and nonce, until its CurTime window expires.
import type { Kysely } from 'kysely';
import { isUniqueViolation, type Database } from '../../store/index.ts';

/**
 * Records a nonce for the app until `expiresAt`. A nonce the app used before is taken again only
 * when its earlier use expired before `now`; false when it is still in use (a replay).
 */
export async function claimNonce(
  db: Kysely<Database>,
  appKey: string,
  nonce: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  try {
    await db
      .insertInto('im_rest_nonces')
      .values({ app_key: appKey, nonce, expires_at: expiresAt })
      .execute();
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result = await db
    .updateTable('im_rest_nonces')
    .set({ expires_at: expiresAt })
    .where('app_key', '=', appKey)
    .where('nonce', '=', nonce)
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the nonces of every app that expired before `now`; answers how many went. */
export async function deleteExpiredNonces(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('im_rest_nonces')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
