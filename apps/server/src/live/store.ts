// Queries of the live room (migration 0060): sessions, likes, draws. Each change is one statement.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../store/index.ts';
import type { LiveDrawTable, LiveSessionTable } from './tables.ts';

export type LiveSession = Selectable<LiveSessionTable>;
export type LiveDraw = Selectable<LiveDrawTable>;

function toSession(row: LiveSession): LiveSession {
  return {
    ...row,
    id: Number(row.id),
    host_user_id: Number(row.host_user_id),
    chatroom_id: Number(row.chatroom_id),
    starts_at: Number(row.starts_at),
    ends_at: Number(row.ends_at),
    likes: Number(row.likes),
    created_at: Number(row.created_at),
  };
}

export async function insertSession(
  db: Kysely<Database>,
  row: Omit<Insertable<LiveSessionTable>, 'id' | 'likes'>,
): Promise<LiveSession> {
  const inserted = await db
    .insertInto('live_sessions')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSession(inserted);
}

export async function findSession(
  db: Kysely<Database>,
  id: number,
): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('live_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSession(row);
}

/** Sessions newest start first (the list sorts them by state). */
export async function listSessions(db: Kysely<Database>, limit: number): Promise<LiveSession[]> {
  const rows = await db
    .selectFrom('live_sessions')
    .selectAll()
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSession);
}

/** Adds taps to a session's likes; the new total. */
export async function addLikes(db: Kysely<Database>, id: number, count: number): Promise<number> {
  const row = await db
    .updateTable('live_sessions')
    .set((eb) => ({ likes: eb('likes', '+', count) }))
    .where('id', '=', id)
    .returning('likes')
    .executeTakeFirst();
  return Number(row?.likes ?? 0);
}

export async function likesOf(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom('live_sessions')
    .select('likes')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(row?.likes ?? 0);
}

export async function insertDraw(
  db: Kysely<Database>,
  row: Omit<Insertable<LiveDrawTable>, 'id'>,
): Promise<LiveDraw> {
  const inserted = await db
    .insertInto('live_draws')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...inserted, id: Number(inserted.id), session_id: Number(inserted.session_id) };
}

export async function listDraws(
  db: Kysely<Database>,
  sessionId: number,
  limit: number,
): Promise<LiveDraw[]> {
  const rows = await db
    .selectFrom('live_draws')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    session_id: Number(row.session_id),
    drawn_at: Number(row.drawn_at),
  }));
}
