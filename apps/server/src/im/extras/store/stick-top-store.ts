// Stick-top sessions in the store: one row per account and session; taking a session off top
// leaves a tombstone (deleted = 1) so the stickTopSessions sync can replay it.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { ImStickTopTable } from '../tables.ts';

export type StickTopRow = Selectable<ImStickTopTable>;

export interface StickTopKey {
  appKey: string;
  accid: string;
  sessionId: string;
}

/**
 * Puts a session on top with its custom text. A session already on top keeps its createTime;
 * one taken off before comes back with a new one.
 */
export function putStickTop(
  db: Kysely<Database>,
  key: StickTopKey,
  topCustom: string | null,
  now: number,
): Promise<StickTopRow> {
  return db
    .insertInto('im_stick_top_sessions')
    .values({
      app_key: key.appKey,
      accid: key.accid,
      session_id: key.sessionId,
      top_custom: topCustom,
      create_time: now,
      update_time: now,
      deleted: 0,
    })
    .onConflict((oc) =>
      oc.columns(['app_key', 'accid', 'session_id']).doUpdateSet((eb) => ({
        top_custom: topCustom,
        update_time: now,
        deleted: 0,
        create_time: eb
          .case()
          .when('im_stick_top_sessions.deleted', '=', 1)
          .then(now)
          .else(eb.ref('im_stick_top_sessions.create_time'))
          .end(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

function onTop(db: Kysely<Database>, key: StickTopKey) {
  return db
    .updateTable('im_stick_top_sessions')
    .where('app_key', '=', key.appKey)
    .where('accid', '=', key.accid)
    .where('session_id', '=', key.sessionId)
    .where('deleted', '=', 0);
}

/** Sets the custom text of a session on top; undefined when it is not on top. */
export function updateStickTop(
  db: Kysely<Database>,
  key: StickTopKey,
  topCustom: string,
  now: number,
): Promise<StickTopRow | undefined> {
  return onTop(db, key)
    .set({ top_custom: topCustom, update_time: now })
    .returningAll()
    .executeTakeFirst();
}

/** Takes a session off top (a tombstone stays); undefined when it was not on top. */
export function markStickTopDeleted(
  db: Kysely<Database>,
  key: StickTopKey,
  now: number,
): Promise<StickTopRow | undefined> {
  return onTop(db, key).set({ deleted: 1, update_time: now }).returningAll().executeTakeFirst();
}

/** The account's stick-top changes after `since`, oldest first; `liveOnly` leaves out removals. */
export function stickTopsChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  query: { since: number; liveOnly: boolean; limit: number },
): Promise<StickTopRow[]> {
  let rows = stickTopsChangedQuery(db, appKey, accid, query.since);
  if (query.liveOnly) rows = rows.where('deleted', '=', 0);
  return rows.orderBy('update_time', 'asc').limit(query.limit).execute();
}

/** The rows stickTopsChangedSince reads, deleted ones too (the sync's probe is their EXISTS). */
export function stickTopsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_stick_top_sessions')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('update_time', '>', since);
}
