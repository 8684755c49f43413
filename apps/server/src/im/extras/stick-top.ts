// Stick-top sessions: an account keeps some of its sessions on top, with its own custom text.
// The session id must be scene-id with a valid scene and a conversation the account may read.
// The account's other devices are told of each change; the sync replays them.
import type { ReplyOf } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { Session } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { parseSessionId, sessionIdOf } from '../messaging/index.ts';
import { pushInChunks } from '../messaging/index.ts';
import type { ExtrasDeps } from './access.ts';
import {
  markStickTopDeleted,
  putStickTop,
  stickTopsChangedQuery,
  stickTopsChangedSince,
  updateStickTop,
  type StickTopKey,
} from './store/stick-top-store.ts';
import type { ImStickTopTable } from './tables.ts';

type StickTop = ReplyOf<'addStickTopSession'>['stickTopSession'];
const SYNC_MAX = 5_000;

function toStickTop(
  row: Pick<ImStickTopTable, 'session_id' | 'top_custom' | 'create_time' | 'update_time'>,
): StickTop {
  return {
    id: row.session_id,
    ...(row.top_custom !== null && { topCustom: row.top_custom }),
    createTime: Number(row.create_time),
    updateTime: Number(row.update_time),
  };
}

export function stickTopHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;

  /**
   * The scene must be served here and the account must be able to read the conversation (a
   * one-to-one peer must exist); answers the session id as stored (`p2p-Alice` is `p2p-alice`).
   */
  async function checkSession(session: Session, id: string): Promise<string> {
    const { scene, to } = parseSessionId(id);
    if (!to) throw new CommandError(414, 'id must be scene-id with a valid scene');
    const conversation = await deps.scenes.get(scene).forReading(session.appKey, session.accid, to);
    return sessionIdOf(scene, conversation.target);
  }

  const keyOf = (session: Session, sessionId: string): StickTopKey => ({
    appKey: session.appKey,
    accid: session.accid,
    sessionId,
  });

  return {
    async addStickTopSession({ session, connection }, params) {
      const { topCustom } = params;
      const id = await checkSession(session, params.id);
      const now = deps.now();
      // Adding a session that is already on top updates its custom text and keeps its createTime.
      const row = await putStickTop(db, keyOf(session, id), topCustom ?? null, now);
      const stickTopSession = toStickTop(row);
      await deps.gateway.pushToAccount(
        session,
        'stickTopSessionChanged',
        { type: 'add', stickTopSession },
        connection.id,
      );
      return { stickTopSession };
    },

    async updateStickTopSession({ session, connection }, params) {
      const { topCustom } = params;
      const id = await checkSession(session, params.id);
      const row = await updateStickTop(db, keyOf(session, id), topCustom, deps.now());
      if (!row) throw new CommandError(404, 'the session is not on top');
      const stickTopSession = toStickTop(row);
      await deps.gateway.pushToAccount(
        session,
        'stickTopSessionChanged',
        { type: 'update', stickTopSession },
        connection.id,
      );
      return { stickTopSession };
    },

    async deleteStickTopSession({ session, connection }, params) {
      const id = await checkSession(session, params.id);
      const now = deps.now();
      const row = await markStickTopDeleted(db, keyOf(session, id), now);
      if (!row) throw new CommandError(404, 'the session is not on top');
      await deps.gateway.pushToAccount(
        session,
        'stickTopSessionChanged',
        { type: 'delete', stickTopSession: toStickTop(row) },
        connection.id,
      );
      return { time: now };
    },
  };
}

export function registerStickTopSync(sources: SyncSources, deps: ExtrasDeps): void {
  const db = deps.store.db;
  sources.register(
    'stickTopSessions',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await stickTopsChangedSince(db, appKey, accid, {
        since,
        liveOnly: since === 0,
        limit: SYNC_MAX,
      });
      const stickTopSessions = rows.map((r) => ({
        ...toStickTop(r),
        deleted: Number(r.deleted) === 1,
      }));
      pushInChunks(context, 'syncStickTopSessions', 'stickTopSessions', stickTopSessions);
    },
    (p) => stickTopsChangedQuery(db, p.appKey, p.accid, p.since),
    { emptyReturns: 'clock' },
  );
}
