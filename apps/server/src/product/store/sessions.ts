// Login sessions: a random token (`ut`) goes to the client, only its sha256 is stored. Sessions
// slide: each use pushes the expiry out again, at most once an hour to spare writes.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

const SLIDE_EVERY_MS = 3600_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now: number,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('product_sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + ttlMs,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The user id of a live session, or undefined for an unknown, expired or revoked token. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  now: number,
  ttlMs: number,
): Promise<number | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('product_sessions')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return undefined;
  if (now + ttlMs - Number(row.expires_at) >= SLIDE_EVERY_MS) {
    await db
      .updateTable('product_sessions')
      .set({ expires_at: now + ttlMs })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return Number(row.user_id);
}

/** Revokes the session of `token`; true when a live session was revoked. */
export async function revokeSession(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('product_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
