// Services notify (4), msg (7) and msgExtend (23): messages, sessions and message extras.
// Parameters that the messaging issue has not pinned down yet are open maps (AnyMap); the server
// answers those commands Not_Support until their handlers land.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, AnyMap, Id, Scene, Time } from './common.ts';

const Msg = AnyMap;
const SessionId = Type.String({ pattern: '^(p2p|team|superTeam)-.+$' });

export const messagingCommands = {
  markRead: command(4, 3, 'markRead', { request: Params({ ids: Type.Array(Id) }) }),
  syncOfflineMsgs: push(4, 4, 'syncOfflineMsgs', Params({ msgs: Type.Array(Msg) })),
  batchMarkRead: command(4, 5, 'batchMarkRead', { request: Params({ sid: Type.Integer(), cid: Type.Integer(), ids: Type.Array(Id) }) }),
  syncOfflineSysMsgs: push(4, 6, 'syncOfflineSysMsgs', Params({ sysMsgs: Type.Array(AnyMap) })),
  syncRoamingMsgs: push(4, 9, 'syncRoamingMsgs', Params({ msgs: Type.Array(Msg) })),
  syncMsgReceipts: push(4, 12, 'syncMsgReceipts', Params({ receipts: Type.Array(AnyMap) })),
  syncSessionAck: push(4, 14, 'syncSessionAck', Params({ acks: Type.Array(AnyMap) })),

  sendMsg: command(7, 1, 'sendMsg', { request: Params({ msg: Msg }), reply: Params({ msg: Msg }) }),
  msg: push(7, 2, 'msg', Params({ msg: Msg })),
  sysMsg: push(7, 3, 'sysMsg', Params({ sysMsg: AnyMap })),
  getHistoryMsgs: command(7, 6, 'getHistoryMsgs', {
    request: Params({
      scene: Scene,
      to: Account,
      beginTime: Type.Optional(Time),
      endTime: Type.Optional(Time),
      lastMsgId: Type.Optional(Id),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      reverse: Type.Optional(Type.Boolean()),
      msgTypes: Type.Optional(Type.Array(Type.Integer())),
    }),
  }),
  sendCustomSysMsg: command(7, 7, 'sendCustomSysMsg', { request: Params({ sysMsg: AnyMap }) }),
  searchHistoryMsgs: command(7, 8, 'searchHistoryMsgs', { request: AnyMap }),
  deleteSessions: command(7, 9, 'deleteSessions', { request: Params({ sessions: Type.Array(SessionId) }) }),
  sendFilterMsg: command(7, 10, 'sendFilterMsg', { request: Params({ msg: Msg }) }),
  sendMsgReceipt: command(7, 11, 'sendMsgReceipt', { request: Params({ msg: Msg }) }),
  msgReceipt: push(7, 12, 'msgReceipt', Params({ receipt: AnyMap })),
  deleteMsg: command(7, 13, 'deleteMsg', { request: Params({ msg: Msg, ps: Type.Optional(Type.String({ maxLength: 5000 })) }) }),
  deleteMsgSelf: command(7, 14, 'deleteMsgSelf', { request: Params({ msg: Msg, custom: Type.Optional(Type.String()) }) }),
  markSessionAck: command(7, 16, 'markSessionAck', { request: Params({ scene: Scene, to: Account, timetag: Time }) }),
  clearServerHistoryMsgs: command(7, 18, 'clearServerHistoryMsgs', { request: Params({ scene: Scene, to: Account, isSyncSelf: Type.Optional(Type.Boolean()) }) }),
  getServerSession: command(7, 19, 'getServerSession', { request: Params({ sessionId: SessionId }) }),
  getServerSessions: command(7, 20, 'getServerSessions', { request: AnyMap }),
  updateServerSession: command(7, 21, 'updateServerSession', { request: Params({ sessionId: SessionId, ext: Type.String() }) }),
  deleteServerSessions: command(7, 22, 'deleteServerSessions', { request: Params({ sessions: Type.Array(SessionId) }) }),
  getMsgsByIdServer: command(7, 23, 'getMsgsByIdServer', { request: Params({ reqMsgs: Type.Array(AnyMap, { minItems: 1, maxItems: 100 }) }) }),
  getThreadMsgs: command(23, 1, 'getThreadMsgs', { request: AnyMap }),
  addQuickComment: command(23, 3, 'addQuickComment', { request: AnyMap }),
  deleteQuickComment: command(23, 4, 'deleteQuickComment', { request: AnyMap }),
  getQuickComments: command(23, 7, 'getQuickComments', { request: Params({ msgs: Type.Array(AnyMap, { minItems: 1, maxItems: 20 }) }) }),
  addCollect: command(23, 8, 'addCollect', { request: Params({ type: Type.Integer(), data: Type.String(), custom: Type.Optional(Type.String()), uniqueId: Type.Optional(Type.String()) }) }),
  deleteCollects: command(23, 9, 'deleteCollects', { request: Params({ collectList: Type.Array(AnyMap, { minItems: 1, maxItems: 100 }) }) }),
  updateCollect: command(23, 10, 'updateCollect', { request: AnyMap }),
  getCollects: command(23, 11, 'getCollects', { request: AnyMap }),
  addStickTopSession: command(23, 12, 'addStickTopSession', { request: Params({ id: SessionId, topCustom: Type.Optional(Type.String()) }) }),
  deleteStickTopSession: command(23, 13, 'deleteStickTopSession', { request: Params({ id: SessionId }) }),
  updateStickTopSession: command(23, 14, 'updateStickTopSession', { request: Params({ id: SessionId, topCustom: Type.String() }) }),
  addMsgPin: command(23, 16, 'addMsgPin', { request: AnyMap }),
  updateMsgPin: command(23, 17, 'updateMsgPin', { request: AnyMap }),
  deleteMsgPin: command(23, 18, 'deleteMsgPin', { request: AnyMap }),
  getMsgPins: command(23, 19, 'getMsgPins', { request: AnyMap }),
};
