// The operator console's accounts and sessions (console/*.ts): an account by name, sessions by
// the digest of their token. Expired sessions are deleted when their account logs in again.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { AdminUserTable } from './tables.ts';

export type ConsoleRole = AdminUserTable['role'];
export type ConsoleUser = Selectable<AdminUserTable>;

export function findConsoleUser(
  db: Kysely<Database>,
  name: string,
): Promise<ConsoleUser | undefined> {
  return db.selectFrom('admin_users').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function countConsoleUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates the account, or gives an existing one a new password and role. */
export async function saveConsoleUser(
  db: Kysely<Database>,
  user: { name: string; passwordHash: string; role: ConsoleRole },
  now: number,
): Promise<void> {
  await db
    .insertInto('admin_users')
    .values({
      name: user.name,
      password_hash: user.passwordHash,
      role: user.role,
      disabled: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        password_hash: user.passwordHash,
        role: user.role,
        disabled: 0,
        updated_at: now,
      }),
    )
    .execute();
}

export async function insertConsoleSession(
  db: Kysely<Database>,
  session: { tokenHash: string; userId: number; now: number; expiresAt: number },
): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where('user_id', '=', session.userId)
    .where('expires_at', '<=', session.now)
    .execute();
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The account of a live session; undefined when unknown, expired or the account is disabled. */
export async function findSessionUser(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<(ConsoleUser & { expires_at: number }) | undefined> {
  const row = await db
    .selectFrom('admin_sessions')
    .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.user_id')
    .selectAll('admin_users')
    .select('admin_sessions.expires_at')
    .where('admin_sessions.token_hash', '=', tokenHash)
    .where('admin_sessions.expires_at', '>', now)
    .where('admin_users.disabled', '=', 0)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), expires_at: Number(row.expires_at) };
}

export async function deleteConsoleSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}
