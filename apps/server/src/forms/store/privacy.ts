// Export and delete requests (privacy_requests): one of each kind waiting per shopper (partial
// unique index), fulfilled once (conditional update); and the deletion of the forms' personal
// data a delete request asks for.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { PrivacyRequestTable } from '../tables.ts';

export type PrivacyRequestRow = Selectable<PrivacyRequestTable>;

export function insertPrivacyRequest(
  db: Kysely<Database>,
  userId: number,
  kind: PrivacyRequestRow['kind'],
  now: number,
): Promise<PrivacyRequestRow> {
  return db
    .insertInto('privacy_requests')
    .values({ user_id: userId, kind, status: 'pending', created_at: now, done_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function ownPrivacyRequests(
  db: Kysely<Database>,
  userId: number,
): Promise<PrivacyRequestRow[]> {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function listPrivacyRequests(
  db: Kysely<Database>,
  status: PrivacyRequestRow['status'] | undefined,
): Promise<PrivacyRequestRow[]> {
  let query = db.selectFrom('privacy_requests').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id', 'asc').limit(500).execute();
}

export function findPrivacyRequest(
  db: Kysely<Database>,
  id: number,
): Promise<PrivacyRequestRow | undefined> {
  return db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a waiting request done; false when it was already done. */
export async function markPrivacyRequestDone(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('privacy_requests')
    .set({ status: 'done', done_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes what the forms keep about a shopper that no record needs: the draft and the join-us
 * and sign-up entries. Submitted declarations stay (a business record operators acted on).
 */
export async function deleteFormPersonalData(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('fullshop_drafts').where('user_id', '=', userId).execute();
  await db.deleteFrom('form_entries').where('user_id', '=', userId).execute();
}
