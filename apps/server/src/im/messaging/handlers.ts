// The msg service's commands (document 2, section 7 "Messages" and "Sessions").
import {
  type Msg,
  type PushParams,
  type RequestOf,
  type Session as ProtocolSession,
} from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { Session } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import {
  messageIdByClientId,
  toMsg,
  visibleMessagesByIds,
  type SearchBounds,
} from './message-store.ts';
import { historyPage } from './history-pages.ts';
import { ackSession } from './acks.ts';
import { readableMessage } from './readable.ts';
import { recallNotice } from './recalls.ts';
import { deleteSessions } from './session-deletes.ts';
import type { SceneRegistry } from './scenes.ts';
import { peerOf, readableIn, sessionIdFor, sessionIdOf } from './scenes.ts';
import { checkWrite, sendAndTell, type SendDeps, type SentListener } from './send.ts';
import { hideMessageFor, markMessageRecalled } from './deletes-store.ts';
import { saveReceipt } from './receipt-store.ts';
import {
  clearSessionBefore,
  getSessionRow,
  sessionsUpdatedSince,
  setSessionExt,
  toSessions,
  touchSession,
} from './session-store.ts';

/** Sessions that have no stored row per member (super teams), computed for an account. */
export type ComputedSessions = (session: Session, since: number) => Promise<ProtocolSession[]>;

export interface MessagingDeps extends SendDeps {
  sent: readonly SentListener[];
  scenes: SceneRegistry;
  recallWindowMs: number;
  computedSessions: ComputedSessions[];
  searchBounds: SearchBounds;
}

const FILTER_REFUSED =
  'Not_Support: sendFilterMsg has no defined meaning; send with sendMsg and the message flags (isHistoryable, isRoamingable, isOfflinable, isUnreadable, needUpdateSession)';
const DELETE_REFUSED =
  'only messages you sent to others, sent successfully and not local can be deleted';

export function messagingHandlers(deps: MessagingDeps): HandlerTable {
  const { store, gateway, scenes } = deps;
  const db = store.db;

  /** A stored message this account may act on, with its conversation. */
  const messageFor = (session: Session, idServer: string) =>
    readableMessage(db, scenes, session, idServer);

  const page = (
    session: Session,
    query: RequestOf<'getHistoryMsgs'> & { keyword?: string },
    bounds?: SearchBounds,
  ) => historyPage({ db, scenes, now: deps.now }, session, query, bounds);

  /**
   * One-way deletes: every message is checked first (all or none), then hidden from this account
   * only; its other devices learn them (the peer's copy stays, and the peer is never told): one
   * delete as msgDeletedSelf, a batch in one msgsDeletedSelf (as NIM tells them).
   */
  async function deleteForSelf(
    session: Session,
    connectionId: string,
    msgs: readonly { scene: Msg['scene']; idServer: string }[],
    now: number,
    tell: 'one' | 'batch',
  ) {
    if (msgs.some((msg) => msg.scene === 'superTeam'))
      throw new CommandError(414, 'one-way delete is not supported for super teams');
    const rows = [];
    for (const msg of msgs) rows.push((await messageFor(session, msg.idServer)).row);
    const deleted: PushParams<'msgDeletedSelf'>[] = [];
    for (const row of rows) {
      await hideMessageFor(db, session.appKey, session.accid, row.id, now);
      deleted.push({
        sessionId: sessionIdFor(row, session.accid),
        idServer: String(row.id),
        type: row.scene === 'p2p' ? 'deleteMsgP2pOneWay' : 'deleteMsgTeamOneWay',
        from: row.from_accid,
        to: row.to_target,
        time: now,
        opeAccount: session.accid,
        deletedIdServer: String(row.id),
        deletedIdClient: row.id_client,
        deletedMsgTime: Number(row.time),
      });
    }
    if (tell === 'batch')
      await gateway.pushToAccount(session, 'msgsDeletedSelf', { deleted }, connectionId);
    else
      for (const one of deleted)
        await gateway.pushToAccount(session, 'msgDeletedSelf', one, connectionId);
  }

  return {
    async sendMsg({ session, connection }, { msg }) {
      const origin = { connectionId: connection.id, ip: connection.ip };
      return { msg: await sendAndTell(deps, session, msg, origin) };
    },

    async getHistoryMsgs({ session }, query) {
      return { msgs: await page(session, query) };
    },

    async searchHistoryMsgs({ session }, query) {
      if (query.scene === 'superTeam')
        throw new CommandError(414, 'search is for p2p and team sessions');
      return { msgs: await page(session, query, deps.searchBounds) };
    },

    async getMsgsByIdServer({ session }, { reqMsgs }) {
      const ids = reqMsgs
        .map((m) => m.idServer)
        .filter((id) => /^\d+$/.test(id))
        .map(Number);
      if (ids.length === 0) return { msgs: [] };
      const rows = await visibleMessagesByIds(db, session.appKey, session.accid, ids);
      const msgs: Msg[] = [];
      for (const row of rows) {
        const readable = await scenes
          .get(row.scene as Msg['scene'])
          .forReading(session.appKey, session.accid, peerOf(row, session.accid))
          .catch(() => undefined);
        if (readable && readableIn(readable, row)) msgs.push(toMsg({ ...row, id: Number(row.id) }));
      }
      return { msgs };
    },

    async deleteMsg({ session, connection }, { msg, ps }) {
      const { row, conversation } = await messageFor(session, msg.idServer);
      if (row.from_accid !== session.accid) throw new CommandError(403, DELETE_REFUSED);
      const now = deps.now();
      if (now - row.time > deps.recallWindowMs)
        throw new CommandError(508, 'the message is too old to be recalled');
      const recall = { messageId: row.id, by: session.accid, ps: ps ?? null, at: now };
      if (!(await markMessageRecalled(db, recall)))
        throw new CommandError(404, 'message not found');
      const scene = row.scene as Msg['scene'];
      const notice = recallNotice(
        { ...row, deleted_at: now, deleted_by: session.accid, delete_ps: ps ?? null },
        sessionIdOf(scene, row.to_target),
      );
      if (conversation.group) {
        // A super team: one publish to the group; its session id is the same for every member.
        await gateway.pushToGroup(conversation.group, 'msgDeleted', { deleted: notice });
        return;
      }
      for (const ref of conversation.sessions) {
        await touchSession(db, session.appKey, ref.accid, ref.sessionId, now);
        const except = ref.accid === session.accid ? connection.id : undefined;
        await gateway.pushToAccount(
          { appKey: session.appKey, accid: ref.accid },
          'msgDeleted',
          { deleted: { ...notice, sessionId: ref.sessionId } },
          except,
        );
      }
    },

    async deleteMsgSelf({ session, connection }, { msg }) {
      const now = deps.now();
      await deleteForSelf(session, connection.id, [msg], now, 'one');
      return { time: now };
    },

    async deleteMsgSelfBatch({ session, connection }, { msgs }) {
      const now = deps.now();
      await deleteForSelf(session, connection.id, msgs, now, 'batch');
      return { time: now };
    },

    async clearServerHistoryMsgs({ session, connection }, { scene, to, isSyncSelf }) {
      const conversation = await scenes.get(scene).forReading(session.appKey, session.accid, to);
      const now = deps.now();
      const sessionId = sessionIdOf(scene, conversation.target);
      const place = {
        appKey: session.appKey,
        accid: session.accid,
        sessionId,
        convKey: conversation.convKey,
        scene,
        peer: conversation.target,
      };
      await clearSessionBefore(db, place, now);
      if (isSyncSelf !== false)
        await gateway.pushToAccount(
          session,
          'sessionCleared',
          { sessionId, time: now },
          connection.id,
        );
      return { time: now };
    },

    async markSessionAck({ session, connection }, { scene, to, timetag }) {
      await ackSession(deps, session, connection.id, scene, to, timetag);
    },

    async sendMsgReceipt({ session }, { msg }) {
      if (msg.scene !== 'p2p')
        throw new CommandError(414, 'team read receipts use sendTeamMsgReceipt');
      const idServer =
        'idServer' in msg
          ? msg.idServer
          : await messageIdByClientId(db, session.appKey, msg.from.toLowerCase(), msg.idClient);
      if (idServer === undefined) throw new CommandError(404, 'message not found');
      const { row, peer, conversation } = await messageFor(session, idServer);
      if (row.from_accid === session.accid)
        throw new CommandError(414, 'a receipt is for a message you received');
      await checkWrite(deps.writeGuards, session, conversation);
      const now = deps.now();
      const receipt = {
        appKey: session.appKey,
        convKey: row.conv_key,
        reader: session.accid,
        msgTime: row.time,
        idServer: String(row.id),
      };
      await saveReceipt(db, receipt, now);
      const notice = {
        sessionId: sessionIdOf('p2p', session.accid),
        account: session.accid,
        idServer: String(row.id),
        time: row.time,
      };
      await gateway.pushToAccount({ appKey: session.appKey, accid: peer }, 'msgReceipt', {
        receipt: notice,
      });
    },

    async getServerSession({ session }, { sessionId }) {
      if (sessionId.startsWith('superTeam-')) {
        const computed = (
          await Promise.all(deps.computedSessions.map((source) => source(session, 0)))
        ).flat();
        const found = computed.find((s) => s.id === sessionId);
        return found ? { session: found } : {};
      }
      const row = await getSessionRow(db, session.appKey, session.accid, sessionId);
      if (!row || row.deleted) return {};
      const [found] = await toSessions(db, session.appKey, session.accid, [row]);
      return found ? { session: found } : {};
    },

    async getServerSessions({ session }, { minTimestamp, maxTimestamp, limit }) {
      const pageSize = limit ?? 100;
      const since = minTimestamp ?? 0;
      const rows = (
        await sessionsUpdatedSince(
          db,
          session.appKey,
          session.accid,
          since,
          pageSize + 1,
          maxTimestamp,
        )
      ).filter((r) => r.scene !== 'superTeam');
      const computed = (
        await Promise.all(deps.computedSessions.map((source) => source(session, since)))
      )
        .flat()
        .filter((s) => maxTimestamp === undefined || s.updateTime <= maxTimestamp);
      const merged = [
        ...(await toSessions(db, session.appKey, session.accid, rows)),
        ...computed,
      ].sort((a, b) => b.updateTime - a.updateTime);
      return {
        sessions: merged.slice(0, pageSize),
        hasMore: merged.length > pageSize || rows.length > pageSize,
      };
    },

    async updateServerSession({ session }, { sessionId, ext }) {
      if (!(await setSessionExt(db, session.appKey, session.accid, sessionId, ext, deps.now())))
        throw new CommandError(404, 'session not found');
    },

    async deleteServerSessions({ session, connection }, { sessions }) {
      await deleteSessions(deps, session, connection.id, sessions);
    },

    async deleteSessions({ session, connection }, { sessions }) {
      await deleteSessions(deps, session, connection.id, sessions);
    },

    async sendFilterMsg() {
      // Document 2 lists filtered sending and nothing more; what the message flags already do
      // (isHistoryable, isOfflinable, isUnreadable...) covers every meaning we could give it.
      throw new CommandError(403, FILTER_REFUSED, { name: 'Not_Support' });
    },
  };
}
