// Services notify (4), msg (7) and msgExtend (23): messages, sessions and message extras.
// Commands whose handlers have not landed yet keep open maps (AnyMap) and answer Not_Support.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, AnyMap, Id, Scene, Time } from './common.ts';
import { Msg, MsgKey, OutgoingMsg, Session } from './message.ts';

const Opt = Type.Optional;
const SessionId = Type.String({ pattern: '^(p2p|team|superTeam)-.+$', maxLength: 200 });
const Msgs = Type.Array(Msg);
const SessionAck = Type.Object({ sessionId: SessionId, ack: Time });
const Receipt = Type.Object({ sessionId: SessionId, account: Account, idServer: Id, time: Time });
const DeletedMsg = Type.Object({
  sessionId: SessionId,
  idServer: Id,
  idClient: Id,
  from: Account,
  time: Time,
  opeAccount: Account,
  deletedAt: Time,
  ps: Opt(Type.String()),
});
const HistoryQuery = {
  scene: Scene,
  to: Account,
  beginTime: Opt(Time),
  endTime: Opt(Time),
  lastMsgId: Opt(Id),
  limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
  reverse: Opt(Type.Boolean()),
  msgTypes: Opt(Type.Array(Type.Integer(), { maxItems: 20 })),
};

export const messagingCommands = {
  markRead: command(4, 3, 'markRead', { request: Params({ ids: Type.Array(Id) }) }),
  syncOfflineMsgs: push(4, 4, 'syncOfflineMsgs', Params({ msgs: Msgs })),
  batchMarkRead: command(4, 5, 'batchMarkRead', { request: Params({ sid: Type.Integer(), cid: Type.Integer(), ids: Type.Array(Id) }) }),
  syncOfflineSysMsgs: push(4, 6, 'syncOfflineSysMsgs', Params({ sysMsgs: Type.Array(AnyMap) })),
  syncRoamingMsgs: push(4, 9, 'syncRoamingMsgs', Params({ msgs: Msgs })),
  syncMsgReceipts: push(4, 12, 'syncMsgReceipts', Params({ receipts: Type.Array(Receipt) })),
  syncSessionAck: push(4, 14, 'syncSessionAck', Params({ acks: Type.Array(SessionAck) })),
  syncSessions: push(4, 20, 'syncSessions', Params({ sessions: Type.Array(Session) })),
  syncDeletedMsgs: push(4, 21, 'syncDeletedMsgs', Params({ deleted: Type.Array(DeletedMsg) })),

  sendMsg: command(7, 1, 'sendMsg', { request: Params({ msg: OutgoingMsg }), reply: Params({ msg: Msg }) }),
  msg: push(7, 2, 'msg', Params({ msg: Msg })),
  sysMsg: push(7, 3, 'sysMsg', Params({ sysMsg: AnyMap })),
  getHistoryMsgs: command(7, 6, 'getHistoryMsgs', { request: Params(HistoryQuery), reply: Params({ msgs: Msgs }) }),
  sendCustomSysMsg: command(7, 7, 'sendCustomSysMsg', { request: Params({ sysMsg: AnyMap }) }),
  searchHistoryMsgs: command(7, 8, 'searchHistoryMsgs', {
    request: Params({ ...HistoryQuery, keyword: Type.String({ minLength: 1, maxLength: 100 }) }),
    reply: Params({ msgs: Msgs }),
  }),
  deleteSessions: command(7, 9, 'deleteSessions', { request: Params({ sessions: Type.Array(SessionId) }) }),
  sendFilterMsg: command(7, 10, 'sendFilterMsg', { request: Params({ msg: OutgoingMsg }) }),
  sendMsgReceipt: command(7, 11, 'sendMsgReceipt', { request: Params({ msg: MsgKey }) }),
  msgReceipt: push(7, 12, 'msgReceipt', Params({ receipt: Receipt })),
  deleteMsg: command(7, 13, 'deleteMsg', { request: Params({ msg: MsgKey, ps: Opt(Type.String({ maxLength: 5000 })) }) }),
  deleteMsgSelf: command(7, 14, 'deleteMsgSelf', { request: Params({ msg: MsgKey, custom: Opt(Type.String({ maxLength: 1024 })) }) }),
  msgDeleted: push(7, 15, 'msgDeleted', Params({ deleted: DeletedMsg })),
  markSessionAck: command(7, 16, 'markSessionAck', { request: Params({ scene: Scene, to: Account, timetag: Time }) }),
  msgDeletedSelf: push(7, 17, 'msgDeletedSelf', Params({ sessionId: SessionId, idServer: Id })),
  clearServerHistoryMsgs: command(7, 18, 'clearServerHistoryMsgs', {
    request: Params({ scene: Scene, to: Account, isSyncSelf: Opt(Type.Boolean()) }),
    reply: Params({ time: Time }),
  }),
  getServerSession: command(7, 19, 'getServerSession', { request: Params({ sessionId: SessionId }), reply: Params({ session: Opt(Session) }) }),
  getServerSessions: command(7, 20, 'getServerSessions', {
    request: Params({ minTimestamp: Opt(Time), maxTimestamp: Opt(Time), limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })) }),
    reply: Params({ sessions: Type.Array(Session), hasMore: Type.Boolean() }),
  }),
  updateServerSession: command(7, 21, 'updateServerSession', { request: Params({ sessionId: SessionId, ext: Type.String({ maxLength: 1024 }) }) }),
  deleteServerSessions: command(7, 22, 'deleteServerSessions', { request: Params({ sessions: Type.Array(SessionId, { minItems: 1, maxItems: 100 }) }) }),
  getMsgsByIdServer: command(7, 23, 'getMsgsByIdServer', {
    request: Params({ reqMsgs: Type.Array(MsgKey, { minItems: 1, maxItems: 100 }) }),
    reply: Params({ msgs: Msgs }),
  }),
  sessionCleared: push(7, 24, 'sessionCleared', Params({ sessionId: SessionId, time: Time })),
  sessionAck: push(7, 25, 'sessionAck', Params({ ack: SessionAck })),
  getThreadMsgs: command(23, 1, 'getThreadMsgs', { request: AnyMap }),
  addQuickComment: command(23, 3, 'addQuickComment', { request: AnyMap }),
  deleteQuickComment: command(23, 4, 'deleteQuickComment', { request: AnyMap }),
  getQuickComments: command(23, 7, 'getQuickComments', { request: Params({ msgs: Type.Array(AnyMap, { minItems: 1, maxItems: 20 }) }) }),
  addCollect: command(23, 8, 'addCollect', { request: Params({ type: Type.Integer(), data: Type.String(), custom: Opt(Type.String()), uniqueId: Opt(Type.String()) }) }),
  deleteCollects: command(23, 9, 'deleteCollects', { request: Params({ collectList: Type.Array(AnyMap, { minItems: 1, maxItems: 100 }) }) }),
  updateCollect: command(23, 10, 'updateCollect', { request: AnyMap }),
  getCollects: command(23, 11, 'getCollects', { request: AnyMap }),
  addStickTopSession: command(23, 12, 'addStickTopSession', { request: Params({ id: SessionId, topCustom: Opt(Type.String()) }) }),
  deleteStickTopSession: command(23, 13, 'deleteStickTopSession', { request: Params({ id: SessionId }) }),
  updateStickTopSession: command(23, 14, 'updateStickTopSession', { request: Params({ id: SessionId, topCustom: Type.String() }) }),
  addMsgPin: command(23, 16, 'addMsgPin', { request: AnyMap }),
  updateMsgPin: command(23, 17, 'updateMsgPin', { request: AnyMap }),
  deleteMsgPin: command(23, 18, 'deleteMsgPin', { request: AnyMap }),
  getMsgPins: command(23, 19, 'getMsgPins', { request: AnyMap }),
};
