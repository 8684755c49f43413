// What the messaging feature streams during a client's sync (gateway handlers/sync.ts): offline
// (or, for a new device, roaming) messages, sessions, read receipts and recalls (one-to-one here,
// team and super-team ones from their scenes' recall sources) since each
// category's timetag. Large results go out in several pushes, each well under the frame limit.
import { sql } from 'kysely';
import type { CommandName } from '@morsel/protocol';
import type { Store } from '../../store/index.ts';
import type { SyncSources, HandlerContext } from '../gateway/index.ts';
import { toMsg, visibleTo } from './message-store.ts';
import { recallNotice, type RecallSource } from './recalls.ts';
import { sessionIdFor } from './scenes.ts';
import { sessionsDeletedSince, sessionsUpdatedSince, toSessions } from './session-store.ts';

/** A new device gets this much history per sync (most recent first), not everything. */
export const ROAMING_DAYS = 7;
export const ROAMING_MAX = 5_000;
export const OFFLINE_MAX = 50_000;
const SESSIONS_MAX = 5_000;
const PUSH_ITEMS = 500;
const PUSH_BYTES = 400_000;

/** Sends items in pushes of at most PUSH_ITEMS items and about PUSH_BYTES bytes. */
export function pushInChunks<T>(context: HandlerContext, name: CommandName, key: string, items: T[]): void {
  let chunk: T[] = [];
  let bytes = 0;
  const flush = () => {
    if (chunk.length) context.connection.push(name, { [key]: chunk });
    chunk = [];
    bytes = 0;
  };
  for (const item of items) {
    const size = JSON.stringify(item).length;
    if (chunk.length >= PUSH_ITEMS || (chunk.length > 0 && bytes + size > PUSH_BYTES)) flush();
    chunk.push(item);
    bytes += size;
  }
  flush();
}

export function registerMessagingSync(
  sources: SyncSources,
  store: Store,
  now: () => number,
  limits = { offlineMax: OFFLINE_MAX },
  recallSources: RecallSource[] = [],
): void {
  const db = store.db;

  sources.register('offlineMsgs', async (context, since) => {
    const { appKey, accid } = context.connection.session!;
    const roaming = since === 0;
    let query = visibleTo(
      db
        .selectFrom('im_messages')
        .leftJoin('im_sessions', (join) =>
          join.onRef('im_sessions.conv_key', '=', 'im_messages.conv_key').on('im_sessions.app_key', '=', appKey).on('im_sessions.accid', '=', accid),
        )
        .select(['im_messages.id', 'im_messages.seq', 'im_messages.time', 'im_messages.body']),
      appKey,
      accid,
    )
      .where('im_messages.scene', '=', 'p2p')
      .where((eb) => eb.or([eb('im_messages.to_target', '=', accid), eb('im_messages.from_accid', '=', accid)]))
      .where('im_messages.time', '>', roaming ? now() - ROAMING_DAYS * 86_400_000 : since)
      .where(sql<boolean>`im_messages.time > coalesce(im_sessions.cleared_before, 0)`)
      // A deleted session stays deleted until its next message (which undeletes it).
      .where(sql<boolean>`coalesce(im_sessions.deleted, 0) = 0`)
      .where(roaming ? 'im_messages.roamingable' : 'im_messages.offlinable', '=', 1);
    query = roaming ? query.orderBy('im_messages.time', 'desc').limit(ROAMING_MAX) : query.orderBy('im_messages.time', 'asc').limit(limits.offlineMax);
    const rows = await query.execute();
    if (roaming) rows.reverse();
    const msgs = rows.map((row) => toMsg({ ...row, id: Number(row.id) }));
    pushInChunks(context, roaming ? 'syncRoamingMsgs' : 'syncOfflineMsgs', 'msgs', msgs);
    // Capped: the timetag stays just before the last message sent (messages sharing its time may
    // be past the cap), so the next sync sends the rest; the client drops what it holds already.
    // A new device's roaming is capped on purpose (older history is paged from the server).
    if (!roaming && rows.length === limits.offlineMax) return { timetag: Math.max(since, Number(rows.at(-1)!.time) - 1) };
  });

  sources.register('sessions', async (context, since) => {
    const { appKey, accid } = context.connection.session!;
    const rows = await sessionsUpdatedSince(db, appKey, accid, since, SESSIONS_MAX);
    pushInChunks(context, 'syncSessions', 'sessions', await toSessions(db, appKey, accid, rows));
    // A device that was offline while another deleted sessions learns it here (a new device
    // never held them). A deleted row keeps its place until a new message brings it back.
    if (since > 0) {
      const deleted = await sessionsDeletedSince(db, appKey, accid, since, SESSIONS_MAX);
      pushInChunks(context, 'sessionsDeleted', 'sessionIds', deleted);
    }
  });

  sources.register('msgReceipts', async (context, since) => {
    const { appKey, accid } = context.connection.session!;
    const rows = await db
      .selectFrom('im_receipts')
      .innerJoin('im_sessions', (join) =>
        join.onRef('im_sessions.conv_key', '=', 'im_receipts.conv_key').on('im_sessions.app_key', '=', appKey).on('im_sessions.accid', '=', accid),
      )
      .select(['im_receipts.reader', 'im_receipts.id_server', 'im_receipts.msg_time', 'im_sessions.session_id'])
      .where('im_receipts.app_key', '=', appKey)
      .where('im_receipts.reader', '!=', accid)
      .where('im_receipts.updated_at', '>', since)
      .execute();
    const receipts = rows.map((r) => ({ sessionId: r.session_id, account: r.reader, idServer: r.id_server, time: Number(r.msg_time) }));
    pushInChunks(context, 'syncMsgReceipts', 'receipts', receipts);
  });

  sources.register('deleteMsg', async (context, since) => {
    if (since === 0) return; // a new device never held the recalled messages
    const { appKey, accid } = context.connection.session!;
    const rows = await db
      .selectFrom('im_messages')
      .select(['id', 'id_client', 'scene', 'from_accid', 'to_target', 'time', 'deleted_at', 'deleted_by', 'delete_ps'])
      .where('app_key', '=', appKey)
      .where('scene', '=', 'p2p')
      .where((eb) => eb.or([eb('to_target', '=', accid), eb('from_accid', '=', accid)]))
      .where('deleted_at', '>', since)
      .execute();
    const p2p = rows.map((r) => recallNotice(r, sessionIdFor(r, accid)));
    // Team and super-team recalls come from their scenes (by the account's memberships).
    const others = (await Promise.all(recallSources.map((source) => source(appKey, accid, since)))).flat();
    const deleted = [...p2p, ...others].sort((x, y) => x.deletedAt - y.deletedAt);
    pushInChunks(context, 'syncDeletedMsgs', 'deleted', deleted);
    // One-way deletes by the account's other devices (every scene that has them).
    const hidden = await db
      .selectFrom('im_msg_hidden')
      .innerJoin('im_messages', 'im_messages.id', 'im_msg_hidden.message_id')
      .select(['im_messages.id', 'im_messages.scene', 'im_messages.from_accid', 'im_messages.to_target'])
      .where('im_msg_hidden.app_key', '=', appKey)
      .where('im_msg_hidden.accid', '=', accid)
      .where('im_msg_hidden.created_at', '>', since)
      .execute();
    const selfDeleted = hidden.map((r) => ({ sessionId: sessionIdFor(r, accid), idServer: String(r.id) }));
    pushInChunks(context, 'syncDeletedMsgsSelf', 'deleted', selfDeleted);
  });
}
