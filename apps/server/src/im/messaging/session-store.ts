// Per-account session state: which conversations an account has, the last message, how far it
// has read (ack), what it cleared, and its server-side extension. Unread counts are computed on
// read from the ack, never stored, so every device of the account sees the same number.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Session } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { toMsg, visibleTo } from './message-store.ts';
import type { ImSessionTable } from './tables.ts';

export async function getSessionRow(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  sessionId: string,
) {
  return db
    .selectFrom('im_sessions')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** Moves the ack forward only: an ack not newer than the stored one changes nothing. */
export async function advanceAck(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  sessionId: string,
  ack: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('im_sessions')
    .set({ ack, updated_at: now })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('session_id', '=', sessionId)
    .where('ack', '<', ack)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type SessionRow = Selectable<ImSessionTable>;

/** Builds protocol sessions from rows: last visible message and unread count, in two queries. */
export async function toSessions(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  rows: SessionRow[],
): Promise<Session[]> {
  if (rows.length === 0) return [];
  const convKeys = rows.map((r) => r.conv_key);
  const unreadRows = await visibleTo(
    db
      .selectFrom('im_messages')
      .innerJoin('im_sessions', (join) =>
        join
          .onRef('im_sessions.conv_key', '=', 'im_messages.conv_key')
          .on('im_sessions.app_key', '=', appKey)
          .on('im_sessions.accid', '=', accid),
      )
      .select([
        'im_sessions.session_id as sessionId',
        (eb) => eb.fn.countAll<number>().as('unread'),
      ]),
    appKey,
    accid,
  )
    .where('im_messages.conv_key', 'in', convKeys)
    .where('im_messages.from_accid', '!=', accid)
    .where('im_messages.unreadable', '=', 1)
    .whereRef('im_messages.time', '>', 'im_sessions.ack')
    .whereRef('im_messages.time', '>', 'im_sessions.cleared_before')
    .groupBy('im_sessions.session_id')
    .execute();
  const unread = new Map(unreadRows.map((r) => [r.sessionId, Number(r.unread)]));

  const lastIds = rows
    .map((r) => r.last_msg_id)
    .filter((id): id is number => id !== null)
    .map(Number);
  const lastRows = lastIds.length
    ? await visibleTo(
        db.selectFrom('im_messages').select(['id', 'seq', 'time', 'body', 'conv_key']),
        appKey,
        accid,
      )
        .where('id', 'in', lastIds)
        .execute()
    : [];
  const lastById = new Map(lastRows.map((r) => [Number(r.id), r]));

  const sessions: Session[] = [];
  for (const row of rows) {
    let last = row.last_msg_id !== null ? lastById.get(Number(row.last_msg_id)) : undefined;
    if (last && Number(last.time) <= Number(row.cleared_before)) last = undefined;
    if (!last && row.last_msg_id !== null) {
      // The last message was recalled, deleted or cleared: the session shows the one before.
      last = await visibleTo(
        db.selectFrom('im_messages').select(['id', 'seq', 'time', 'body', 'conv_key']),
        appKey,
        accid,
      )
        .where('conv_key', '=', row.conv_key)
        .where('time', '>', Number(row.cleared_before))
        .orderBy('time', 'desc')
        .limit(1)
        .executeTakeFirst();
    }
    sessions.push({
      id: row.session_id,
      scene: row.scene as Session['scene'],
      to: row.peer,
      updateTime: Number(row.updated_at),
      ...(last && { lastMsg: toMsg({ ...last, id: Number(last.id) }) }),
      unread: unread.get(row.session_id) ?? 0,
      ack: Number(row.ack),
      ...(Number(row.cleared_before) > 0 && { lastEmptyTime: Number(row.cleared_before) }),
      ...(row.ext !== null && { ext: row.ext }),
    });
  }
  return sessions;
}

/** Ids of the account's sessions deleted after `since`. */
export async function sessionsDeletedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
  limit: number,
): Promise<{ sessionId: string; updatedAt: number }[]> {
  const rows = await db
    .selectFrom('im_sessions')
    .select(['session_id', 'updated_at'])
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('deleted', '=', 1)
    .where('updated_at', '>', since)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ sessionId: r.session_id, updatedAt: Number(r.updated_at) }));
}

/**
 * Every session row of the account changed after `since`, deleted or not: what the sync's
 * sessions category reads (sessionsUpdatedSince and sessionsDeletedSince), as one probe.
 */
export function sessionsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_sessions')
    .select('updated_at')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('updated_at', '>', since);
}

export async function sessionsUpdatedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
  limit: number,
  until?: number,
) {
  let query = db
    .selectFrom('im_sessions')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('deleted', '=', 0)
    .where('updated_at', '>', since);
  if (until !== undefined) query = query.where('updated_at', '<=', until);
  return query.orderBy('updated_at', 'desc').limit(limit).execute();
}

/** Where a session row points: its conversation, scene and peer (the parts an insert needs). */
export interface SessionPlace {
  appKey: string;
  accid: string;
  sessionId: string;
  convKey: string;
  scene: string;
  peer: string;
}

/**
 * Makes the account's row for a session that has none yet (super-team members get theirs when
 * they first read); an existing row is left as it is.
 */
export async function openSessionRow(
  db: Kysely<Database>,
  place: SessionPlace,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_sessions')
    .values({ ...sessionValues(place), ack: 0, cleared_before: 0, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Clears a session's history before `now` (making the row if the account has none): history,
 * sync and unread counts ignore what came before, and the ack never moves back.
 */
export async function clearSessionBefore(
  db: Kysely<Database>,
  place: SessionPlace,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_sessions')
    .values({ ...sessionValues(place), ack: now, cleared_before: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['app_key', 'accid', 'session_id']).doUpdateSet({
        cleared_before: now,
        ack: sql`case when im_sessions.ack > cast(${now} as bigint) then im_sessions.ack else cast(${now} as bigint) end`,
        updated_at: now,
      }),
    )
    .execute();
}

function sessionValues(place: SessionPlace) {
  return {
    app_key: place.appKey,
    accid: place.accid,
    session_id: place.sessionId,
    conv_key: place.convKey,
    scene: place.scene,
    peer: place.peer,
    last_msg_id: null,
    ext: null,
    deleted: 0,
  };
}

/** Which of these sessions the account has a row for (the others it never held or read). */
export async function existingSessionIds(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  sessionIds: string[],
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('im_sessions')
    .select('session_id')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('session_id', 'in', sessionIds)
    .execute();
  return new Set(rows.map((row) => row.session_id));
}

/**
 * Marks sessions deleted; the rows stay so a new message brings them back, with the ack moved to
 * `now` (never back) so only the new message is unread. Their messages up to `now` stop roaming
 * (`deleted_before`), also once a new message has brought the session back.
 */
export async function markSessionsDeleted(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  sessionIds: string[],
  now: number,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .updateTable('im_sessions')
    .set({
      deleted: 1,
      deleted_before: now,
      updated_at: now,
      ack: sql`case when ack > cast(${now} as bigint) then ack else cast(${now} as bigint) end`,
    })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('session_id', 'in', sessionIds)
    .execute();
}

/** Moves a session's update time to `now`, so the sessions sync sends it again. */
export async function touchSession(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  sessionId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('im_sessions')
    .set({ updated_at: now })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('session_id', '=', sessionId)
    .execute();
}

/** Sets a session's server-side extension; false when the account has no such session. */
export async function setSessionExt(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  sessionId: string,
  ext: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('im_sessions')
    .set({ ext, updated_at: now })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
