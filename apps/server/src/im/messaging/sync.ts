// What the messaging feature streams during a client's sync (gateway handlers/sync.ts): offline
// (or, for a new device, roaming) messages, sessions, read receipts and recalls (one-to-one here,
// team and super-team ones from their scenes' recall sources) since each
// category's timetag. Large results go out in several pushes, each well under the frame limit.
import type { SelectQueryBuilder } from 'kysely';
import type { CommandName, Msg } from '@morsel/protocol';
import type { Database, Store } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import type { HandlerContext } from '../gateway/index.ts';
import { newest, pushInChunks } from '../gateway/index.ts';
import {
  cursorAt,
  messagesPageAfter,
  newestWindowStart,
  p2pMessagesOf,
  toMsg,
  type MsgCursor,
} from './message-store.ts';
import { messagesHiddenSince, p2pRecallsSince } from './deletes-store.ts';
import { peerReceiptsQuery, peerReceiptsSince } from './receipt-store.ts';
import { recallNotice, type RecallSource } from './recalls.ts';
import { sessionIdFor } from './scenes.ts';
import {
  sessionsChangedQuery,
  sessionsDeletedSince,
  sessionsUpdatedSince,
  toSessions,
} from './session-store.ts';

export { pushInChunks };

/**
 * A new device, or one whose timetag is older than this window, gets the newest ROAMING_MAX
 * messages of the last ROAMING_DAYS (a roaming sync); anything older is paged from history.
 */
export const ROAMING_DAYS = 7;
export const ROAMING_MAX = 5_000;
/** Rows read per page of a message sync: at most this many bodies (16 KB each at most) in memory. */
export const SYNC_PAGE_ROWS = 500;
const SESSIONS_MAX = 5_000;
const DAY_MS = 86_400_000;

type MsgRow = {
  id: number | string | bigint;
  seq: number | string;
  time: number | string;
  body: string;
};

export interface MessageStream {
  /** Messages to sync, filtered and selecting id, seq, time and body of im_messages. */
  query: SelectQueryBuilder<Database, 'im_messages', MsgRow>;
  since: number;
  now: number;
  pageRows?: number;
}

/**
 * Streams the messages of a sync category, page by page (keyset over (time, id)), each page
 * pushed in chunks of bounded encoded size before the next is read. A timetag of 0 (a new device)
 * or one older than the roaming window is a roaming request: the newest ROAMING_MAX messages of
 * the window, pushed as roaming. Returns the sync's new timetag: the newest message time sent,
 * or the client's own when nothing was new.
 */
export async function streamMessages(
  context: HandlerContext,
  { query, since, now, pageRows = SYNC_PAGE_ROWS }: MessageStream,
): Promise<{ timetag: number }> {
  const windowStart = now - ROAMING_DAYS * DAY_MS;
  const roaming = since < windowStart;
  const name: CommandName = roaming ? 'syncRoamingMsgs' : 'syncOfflineMsgs';
  const filtered = query.where(
    roaming ? 'im_messages.roamingable' : 'im_messages.offlinable',
    '=',
    1,
  );
  let cursor: MsgCursor = roaming
    ? await newestWindowStart(filtered, windowStart, ROAMING_MAX)
    : cursorAt(since);
  let newestTime: number | undefined;
  for (;;) {
    const rows = await messagesPageAfter(filtered, cursor, pageRows);
    if (!rows.length) break;
    pushInChunks(
      context,
      name,
      'msgs',
      rows.map((row) =>
        toMsg({ ...row, id: Number(row.id), seq: Number(row.seq), time: Number(row.time) }),
      ),
    );
    const last = rows.at(-1)!;
    cursor = { time: Number(last.time), id: Number(last.id) };
    newestTime = cursor.time;
    if (rows.length < pageRows) break;
  }
  return { timetag: newestTime ?? since };
}

/**
 * The probe's threshold for a message category: the rows a sync could stream are after both the
 * timetag and the roaming window's start (a roaming sync reads the window only).
 */
export const messagesAfter = ({ since, now }: { since: number; now: number }) =>
  Math.max(since, now - ROAMING_DAYS * DAY_MS);

export function registerMessagingSync(
  sources: SyncSources,
  store: Store,
  now: () => number,
  limits: { pageRows?: number } = {},
  recallSources: RecallSource[] = [],
): void {
  const db = store.db;

  sources.register(
    'offlineMsgs',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const query = p2pMessagesOf(db, appKey, accid);
      return streamMessages(context, {
        query: query as unknown as MessageStream['query'],
        since,
        now: now(),
        ...limits,
      });
    },
    (p) =>
      p2pMessagesOf(db, p.appKey, p.accid).where('im_messages.time', '>', p.derived(messagesAfter)),
  );

  sources.register(
    'sessions',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await sessionsUpdatedSince(db, appKey, accid, since, SESSIONS_MAX);
      pushInChunks(context, 'syncSessions', 'sessions', await toSessions(db, appKey, accid, rows));
      let timetag = newest(
        since,
        rows.map((r) => Number(r.updated_at)),
      );
      // A device that was offline while another deleted sessions learns it here (a new device
      // never held them). A deleted row keeps its place until a new message brings it back.
      if (since > 0) {
        const deleted = await sessionsDeletedSince(db, appKey, accid, since, SESSIONS_MAX);
        pushInChunks(
          context,
          'sessionsDeleted',
          'sessionIds',
          deleted.map((d) => d.sessionId),
        );
        timetag = newest(
          timetag,
          deleted.map((d) => d.updatedAt),
        );
      }
      return { timetag };
    },
    (p) => sessionsChangedQuery(db, p.appKey, p.accid, p.since),
  );

  sources.register(
    'msgReceipts',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await peerReceiptsSince(db, appKey, accid, since);
      const receipts = rows.map((r) => ({
        sessionId: r.session_id,
        account: r.reader,
        idServer: r.id_server,
        time: Number(r.msg_time),
      }));
      pushInChunks(context, 'syncMsgReceipts', 'receipts', receipts);
      return {
        timetag: newest(
          since,
          rows.map((r) => Number(r.updated_at)),
        ),
      };
    },
    (p) => peerReceiptsQuery(db, p.appKey, p.accid, p.since),
  );

  sources.register('deleteMsg', async (context, since) => {
    if (since === 0) return; // a new device never held the recalled messages
    const { appKey, accid } = context.session;
    const rows = await p2pRecallsSince(db, appKey, accid, since);
    const p2p = rows.map((r) => recallNotice(r, sessionIdFor(r, accid)));
    // Team and super-team recalls come from their scenes (by the account's memberships).
    const others = (
      await Promise.all(recallSources.map((source) => source(appKey, accid, since)))
    ).flat();
    const deleted = [...p2p, ...others].sort((x, y) => x.deletedAt - y.deletedAt);
    pushInChunks(context, 'syncDeletedMsgs', 'deleted', deleted);
    // One-way deletes by the account's other devices (every scene that has them).
    const hidden = await messagesHiddenSince(db, appKey, accid, since);
    const selfDeleted = hidden.map((r) => ({
      sessionId: sessionIdFor(r, accid),
      scene: r.scene as Msg['scene'],
      idServer: String(r.id),
      idClient: r.id_client,
      from: r.from_accid,
      to: r.to_target,
      time: Number(r.time),
      deletedTime: Number(r.created_at),
    }));
    pushInChunks(context, 'syncDeletedMsgsSelf', 'deleted', selfDeleted);
    return {
      timetag: newest(since, [
        ...deleted.map((d) => d.deletedAt),
        ...hidden.map((r) => Number(r.created_at)),
      ]),
    };
  });
}
