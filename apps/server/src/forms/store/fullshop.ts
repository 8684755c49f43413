// Outlet declarations (fullshop_drafts, fullshop_applications): one draft per shopper, the
// declarations a shopper submitted (read only by their owner) and the operators' review, each
// decided by one statement: the draft is replaced whole, a licence number has one live
// declaration (unique index), and a review only moves a waiting declaration.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { FullshopApplicationTable, FullshopDraftTable } from '../tables.ts';

export type OutletApplicationRow = Selectable<FullshopApplicationTable>;
export type OutletDraftRow = Selectable<FullshopDraftTable>;

export function findDraft(
  db: Kysely<Database>,
  userId: number,
): Promise<OutletDraftRow | undefined> {
  return db
    .selectFrom('fullshop_drafts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Writes the shopper's draft, replacing the one before. */
export async function saveDraft(
  db: Kysely<Database>,
  userId: number,
  body: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('fullshop_drafts')
    .values({ user_id: userId, body, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ body, updated_at: now }))
    .execute();
}

export async function deleteDraft(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('fullshop_drafts').where('user_id', '=', userId).execute();
}

/** Records a declaration; a licence number already waiting or approved fails the unique index. */
export function insertApplication(
  db: Kysely<Database>,
  row: Insertable<FullshopApplicationTable>,
): Promise<OutletApplicationRow> {
  return db
    .insertInto('fullshop_applications')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A shopper's declarations, newest first, at most 100. */
export function listOwnApplications(
  db: Kysely<Database>,
  userId: number,
): Promise<OutletApplicationRow[]> {
  return db
    .selectFrom('fullshop_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** One declaration of its owner; undefined for anyone else's or an unknown id. */
export function findOwnApplication(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<OutletApplicationRow | undefined> {
  return db
    .selectFrom('fullshop_applications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findApplication(
  db: Kysely<Database>,
  id: number,
): Promise<OutletApplicationRow | undefined> {
  return db.selectFrom('fullshop_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Declarations for the operators: of one status (or all), oldest first, at most `limit`. */
export function listApplications(
  db: Kysely<Database>,
  status: OutletApplicationRow['status'] | undefined,
  limit: number,
): Promise<OutletApplicationRow[]> {
  let query = db.selectFrom('fullshop_applications').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('submitted_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/** Approves or rejects a waiting declaration; false when it is no longer waiting. */
export async function reviewApplication(
  db: Kysely<Database>,
  id: number,
  outcome: { status: 'approved' | 'rejected'; rejectReason: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('fullshop_applications')
    .set({
      status: outcome.status,
      reject_reason: outcome.rejectReason,
      reviewed_at: outcome.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
