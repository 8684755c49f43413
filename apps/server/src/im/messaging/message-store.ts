// Messages in the store: insert with per-conversation ordering and idClient deduplication, and
// the reads every feature needs (history, by id, since a time). Rows become protocol messages
// here and nowhere else.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Msg } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import { messageWriter } from './message-writer-store.ts';
import type { Scene, SessionRef } from './scenes.ts';
import type { ImMessageTable } from './tables.ts';

type Row = Omit<ImMessageTable, 'id'> & { id: number };
export type StoredBody = Omit<Msg, 'idServer' | 'seq' | 'time'>;

export function toMsg(row: Pick<Row, 'id' | 'seq' | 'time' | 'body'>): Msg {
  return {
    ...(JSON.parse(row.body) as StoredBody),
    time: Number(row.time),
    seq: Number(row.seq),
    idServer: String(row.id),
  };
}

export interface NewMessage {
  appKey: string;
  convKey: string;
  body: StoredBody;
  now: number;
  /** Session rows the message moves to it (absent: no session changes, needUpdateSession false). */
  sessions?: { scene: Scene; refs: SessionRef[] };
}

export interface Inserted {
  msg: Msg;
  /** True when the idClient was seen before: the stored message is returned, nothing new. */
  duplicate: boolean;
  id: number;
}

const flag = (value: boolean | undefined) => (value === false ? 0 : 1);

/** The thread root a reply names, as the indexed thread_root column keeps it (ids are digits). */
function threadRootOf(body: StoredBody): number | null {
  const idServer = body.threadMsg?.idServer;
  return idServer !== undefined && /^[0-9]{1,15}$/.test(idServer) ? Number(idServer) : null;
}

/**
 * Stores a message durably, with the sessions it touches. Time is the server's clock, but
 * strictly after the conversation's previous message, and seq counts up by one, so history order
 * is total. A resend whose idClient was stored before returns the stored message instead of a
 * second copy. Concurrent sends share a transaction (group commit, message-writer-store.ts); each is
 * answered after its commit.
 */
export async function insertMessage(db: Kysely<Database>, message: NewMessage): Promise<Inserted> {
  const { appKey, convKey, body, now } = message;
  const json = JSON.stringify(body);
  try {
    const { id, seq, time } = await messageWriter(db).submit({
      appKey,
      convKey,
      now,
      row: {
        scene: body.scene,
        from_accid: body.from,
        to_target: body.to,
        id_client: body.idClient,
        type: body.type,
        text: body.type === 0 ? (body.text ?? null) : null,
        unreadable: flag(body.isUnreadable),
        historyable: flag(body.isHistoryable),
        roamingable: flag(body.isRoamingable),
        offlinable: flag(body.isOfflinable),
        body: json,
        thread_root: threadRootOf(body),
      },
      ...(message.sessions && { sessions: message.sessions }),
    });
    return { msg: toMsg({ id, seq, time, body: json }), duplicate: false, id };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await db
      .selectFrom('im_messages')
      .select(['id', 'seq', 'time', 'body'])
      .where('app_key', '=', appKey)
      .where('from_accid', '=', body.from)
      .where('id_client', '=', body.idClient)
      .executeTakeFirst();
    if (!existing) throw error;
    return {
      msg: toMsg({ ...existing, id: Number(existing.id) }),
      duplicate: true,
      id: Number(existing.id),
    };
  }
}

/**
 * Messages this account may see: not recalled and not deleted by it (clearing is per session and
 * applied by the caller). Works on any query that selects from im_messages, joined or not.
 */
export function visibleTo<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  appKey: string,
  accid: string,
): SelectQueryBuilder<Database, TB, O> {
  const messages = query as unknown as SelectQueryBuilder<Database, 'im_messages', O>;
  return messages
    .where('im_messages.app_key', '=', appKey)
    .where('im_messages.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('im_msg_hidden')
            .select(sql.lit(1).as('one'))
            .where('im_msg_hidden.app_key', '=', appKey)
            .where('im_msg_hidden.accid', '=', accid)
            .whereRef('im_msg_hidden.message_id', '=', 'im_messages.id'),
        ),
      ),
    ) as unknown as SelectQueryBuilder<Database, TB, O>;
}

export interface HistoryQuery {
  appKey: string;
  accid: string;
  convKey: string;
  clearedBefore: number;
  /** The earliest time the reader may see (a team member's join time), inclusive. */
  readableFrom?: number;
  beginTime?: number;
  endTime?: number;
  lastMsgId?: string;
  limit: number;
  reverse: boolean;
  msgTypes?: number[];
  keyword?: string;
}

/**
 * A page of history. Default order is newest first from endTime back to beginTime (both
 * inclusive); `reverse` pages oldest first. `lastMsgId` excludes the boundary message of the
 * previous page.
 */
export async function history(db: Kysely<Database>, q: HistoryQuery): Promise<Msg[]> {
  let query = visibleTo(
    db.selectFrom('im_messages').select(['id', 'seq', 'time', 'body']),
    q.appKey,
    q.accid,
  )
    .where('conv_key', '=', q.convKey)
    .where('historyable', '=', 1)
    .where('time', '>', q.clearedBefore);
  if (q.readableFrom) query = query.where('time', '>=', q.readableFrom);
  if (q.beginTime !== undefined) query = query.where('time', '>=', q.beginTime);
  if (q.endTime !== undefined && q.endTime > 0) query = query.where('time', '<=', q.endTime);
  if (q.lastMsgId !== undefined && /^\d+$/.test(q.lastMsgId))
    query = query.where('id', '!=', Number(q.lastMsgId));
  if (q.msgTypes?.length) query = query.where('type', 'in', q.msgTypes);
  if (q.keyword) {
    // Case-insensitive on both engines (SQLite's LIKE is, PostgreSQL's is not); wildcards escaped.
    const pattern = `%${q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(text) like ${pattern} escape '\\'`);
  }
  // The id breaks ties: messages stored in the same millisecond keep the order they were sent in.
  const rows = await query
    .orderBy('time', q.reverse ? 'asc' : 'desc')
    .orderBy('id', q.reverse ? 'asc' : 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((row) => toMsg({ ...row, id: Number(row.id) }));
}

/** How far a keyword search reaches (security review M7; MORSEL_IM_SEARCH_*). */
export interface SearchBounds {
  /** The search covers at most this much time, back from endTime (or now). */
  windowMs: number;
  /** And at most this many messages of the conversation, counted from where the search starts. */
  maxScanRows: number;
}

/**
 * A keyword search: `history` with a keyword, but its LIKE reads at most `maxScanRows` messages
 * inside at most `windowMs`. Matches beyond the bound are not found (the answer is the page within
 * the bound, never a refusal), so one search costs one bounded index range whatever the history.
 */
export async function searchHistory(
  db: Kysely<Database>,
  q: HistoryQuery & { keyword: string },
  bounds: SearchBounds,
  now: number,
): Promise<Msg[]> {
  const end = q.endTime !== undefined && q.endTime > 0 ? q.endTime : now;
  let begin = Math.max(q.beginTime ?? 0, end - bounds.windowMs);
  let last = end;
  // The time of the maxScanRows-th message from where the scan starts: an index walk of that
  // many entries (im_messages_conv_time), then the LIKE runs inside [begin, last] only.
  const edge = await db
    .selectFrom('im_messages')
    .select('time')
    .where('app_key', '=', q.appKey)
    .where('conv_key', '=', q.convKey)
    .where('time', '>=', begin)
    .where('time', '<=', end)
    .orderBy('time', q.reverse ? 'asc' : 'desc')
    .limit(1)
    .offset(bounds.maxScanRows - 1)
    .executeTakeFirst();
  if (edge) {
    if (q.reverse) last = Number(edge.time);
    else begin = Number(edge.time);
  }
  return history(db, { ...q, beginTime: begin, endTime: last });
}

export async function findMessage(db: Kysely<Database>, appKey: string, idServer: string) {
  if (!/^\d+$/.test(idServer)) return undefined;
  const row = await db
    .selectFrom('im_messages')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('id', '=', Number(idServer))
    .executeTakeFirst();
  return (
    row && {
      ...row,
      id: Number(row.id),
      time: Number(row.time),
      seq: Number(row.seq),
      msg: toMsg({ ...row, id: Number(row.id) }),
    }
  );
}

/** The server id of a message by its sender and the sender's client id (their unique pair). */
export async function messageIdByClientId(
  db: Kysely<Database>,
  appKey: string,
  fromAccid: string,
  idClient: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('im_messages')
    .select('id')
    .where('app_key', '=', appKey)
    .where('from_accid', '=', fromAccid)
    .where('id_client', '=', idClient)
    .executeTakeFirst();
  return row && String(row.id);
}

/** A place in the (time, id) order of messages: the last row of the page before. */
export interface MsgCursor {
  time: number;
  id: number;
}

/** Before every message after `time` (ids are never above this). */
export const cursorAt = (time: number): MsgCursor => ({ time, id: Number.MAX_SAFE_INTEGER });

/**
 * One page of a sync query (rows of im_messages), strictly after `after` in (time, id) order,
 * oldest first. Keyset pagination: every page is an index range from its cursor, so a long
 * offline sync holds one page in memory at a time and never re-reads what it skipped.
 */
export async function messagesPageAfter<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  after: MsgCursor,
  rows: number,
): Promise<O[]> {
  const messages = query as unknown as SelectQueryBuilder<Database, 'im_messages', O>;
  return (
    messages
      // The plain lower bound first: an index on time starts its range there (the OR alone hides it).
      .where('im_messages.time', '>=', after.time)
      .where((eb) =>
        eb.or([
          eb('im_messages.time', '>', after.time),
          eb.and([eb('im_messages.time', '=', after.time), eb('im_messages.id', '>', after.id)]),
        ]),
      )
      .orderBy('im_messages.time', 'asc')
      .orderBy('im_messages.id', 'asc')
      .limit(rows)
      .execute()
  );
}

/**
 * Where a roaming sync starts so that it sends at most `max` messages after `from`: just before
 * the max-th newest one (one row read, not the whole window).
 */
export async function newestWindowStart<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  from: number,
  max: number,
): Promise<MsgCursor> {
  const messages = query as unknown as SelectQueryBuilder<Database, 'im_messages', O>;
  const edge = await messages
    .clearSelect()
    .select(['im_messages.time', 'im_messages.id'])
    .where('im_messages.time', '>', from)
    .orderBy('im_messages.time', 'desc')
    .orderBy('im_messages.id', 'desc')
    .offset(max - 1)
    .limit(1)
    .executeTakeFirst();
  return edge ? { time: Number(edge.time), id: Number(edge.id) - 1 } : cursorAt(from);
}

/** The messages with these ids the account may see (unknown ids are left out). */
export async function visibleMessagesByIds(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  ids: number[],
) {
  if (ids.length === 0) return [];
  return visibleTo(
    db
      .selectFrom('im_messages')
      .select(['id', 'seq', 'time', 'body', 'scene', 'from_accid', 'to_target', 'conv_key']),
    appKey,
    accid,
  )
    .where('id', 'in', ids)
    .execute();
}

/**
 * The account's one-to-one messages as the offline sync streams them: visible, after the
 * session's clear, and not in a deleted session (a new message undeletes it, and only what came
 * after the delete roams again).
 */
export function p2pMessagesOf(db: Kysely<Database>, appKey: string, accid: string) {
  return visibleTo(
    db
      .selectFrom('im_messages')
      .leftJoin('im_sessions', (join) =>
        join
          .onRef('im_sessions.conv_key', '=', 'im_messages.conv_key')
          .on('im_sessions.app_key', '=', appKey)
          .on('im_sessions.accid', '=', accid),
      )
      .select(['im_messages.id', 'im_messages.seq', 'im_messages.time', 'im_messages.body']),
    appKey,
    accid,
  )
    .where('im_messages.scene', '=', 'p2p')
    .where((eb) =>
      eb.or([eb('im_messages.to_target', '=', accid), eb('im_messages.from_accid', '=', accid)]),
    )
    .where(sql<boolean>`im_messages.time > coalesce(im_sessions.cleared_before, 0)`)
    .where(sql<boolean>`im_messages.time > coalesce(im_sessions.deleted_before, 0)`)
    .where(sql<boolean>`coalesce(im_sessions.deleted, 0) = 0`);
}
