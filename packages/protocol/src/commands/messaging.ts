// Services notify (4) and msg (7): messages, sessions, receipts and recalls. System messages are
// people's (people.ts); message extras (msgExtend, 23) are in extras.ts.
// Shapes: shapes/messaging.ts.
// Every command here has a typed schema; one whose handler has not landed yet answers Not_Support.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, ClientId, Id, Scene, SessionId, Time } from './common.ts';
import { Msg, MsgKey, OutgoingMsg, Session } from './shapes/messaging.ts';
import { DeletedMsgIds } from './shapes/people.ts';

const Opt = Type.Optional;
const Msgs = Type.Array(Msg);
const SessionAck = Type.Object({ sessionId: SessionId, ack: Time });
const Receipt = Type.Object({ sessionId: SessionId, account: Account, idServer: Id, time: Time });
/**
 * A recall, also a system message of type deleteMsg (one-to-one and team) or deleteMsgSuperTeam
 * (document 2, section 3). `idServer`, `idClient` and `time` are the recalled message's (as are the
 * deleted-message ids), `deletedAt` the recall's time, `from` the sender, who recalled it.
 */
const DeletedMsg = Type.Object({
  sessionId: SessionId,
  idServer: Id,
  idClient: ClientId,
  from: Account,
  time: Time,
  opeAccount: Account,
  deletedAt: Time,
  ps: Opt(Type.String()),
  type: Type.Union([Type.Literal('deleteMsg'), Type.Literal('deleteMsgSuperTeam')]),
  category: Type.Literal('msg'),
  scene: Scene,
  /** The recalled message's recipient (an account, or a team's id). */
  to: Account,
  ...DeletedMsgIds,
  read: Type.Literal(false),
  state: Type.Literal('init'),
});
/**
 * A one-way delete (deleteMsgSelf), told to the deleter's other devices only, also as a system
 * message of type deleteMsgP2pOneWay or deleteMsgTeamOneWay (a super team has no one-way delete).
 */
const DeletedSelf = Type.Object({
  sessionId: SessionId,
  idServer: Id,
  type: Type.Union([Type.Literal('deleteMsgP2pOneWay'), Type.Literal('deleteMsgTeamOneWay')]),
  /** The deleted message's sender and recipient. */
  from: Account,
  to: Account,
  /** When it was deleted. */
  time: Time,
  opeAccount: Account,
  ...DeletedMsgIds,
});
/** A one-way delete as the sync replays it: where, which message, and when it was deleted. */
const SelfDeleted = Type.Object({
  sessionId: SessionId,
  scene: Scene,
  idServer: Id,
  idClient: ClientId,
  from: Account,
  to: Account,
  /** The deleted message's time. */
  time: Time,
  deletedTime: Time,
});
/**
 * The message a read receipt is for: by its server id, or (as NIM's SDK names it) by its sender
 * and the sender's client id, which the server's unique (sender, idClient) pair finds.
 */
const ReceiptKey = Type.Union([
  MsgKey,
  Type.Object(
    { scene: Type.Literal('p2p'), from: Account, idClient: ClientId, time: Time },
    { additionalProperties: false },
  ),
]);
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
  syncOfflineMsgs: push(4, 4, 'syncOfflineMsgs', Params({ msgs: Msgs })),
  /**
   * Marks items read by id; sid and cid name the push that delivered them: messages (msg 7:2,
   * syncOfflineMsgs 4:4, syncRoamingMsgs 4:9) move their sessions' acks, system messages (sysMsg
   * 7:3, syncOfflineSysMsgs 4:6) become read.
   */
  batchMarkRead: command(4, 5, 'batchMarkRead', {
    request: Params({
      sid: Type.Integer({ minimum: 1 }),
      cid: Type.Integer({ minimum: 1 }),
      ids: Type.Array(Id, { minItems: 1, maxItems: 100 }),
    }),
  }),
  syncRoamingMsgs: push(4, 9, 'syncRoamingMsgs', Params({ msgs: Msgs })),
  syncMsgReceipts: push(4, 12, 'syncMsgReceipts', Params({ receipts: Type.Array(Receipt) })),
  syncSessionAck: push(4, 14, 'syncSessionAck', Params({ acks: Type.Array(SessionAck) })),
  syncSessions: push(4, 20, 'syncSessions', Params({ sessions: Type.Array(Session) })),
  syncDeletedMsgs: push(4, 21, 'syncDeletedMsgs', Params({ deleted: Type.Array(DeletedMsg) })),
  /**
   * One-way deletes (deleteMsgSelf) by the account's other devices since the deleteMsg timetag:
   * the message (its sender, recipient, client id and time) and when it was deleted.
   */
  syncDeletedMsgsSelf: push(
    4,
    23,
    'syncDeletedMsgsSelf',
    Params({ deleted: Type.Array(SelfDeleted) }),
  ),

  sendMsg: command(7, 1, 'sendMsg', {
    request: Params({ msg: OutgoingMsg }),
    reply: Params({ msg: Msg }),
  }),
  msg: push(7, 2, 'msg', Params({ msg: Msg })),
  getHistoryMsgs: command(7, 6, 'getHistoryMsgs', {
    request: Params(HistoryQuery),
    reply: Params({ msgs: Msgs }),
  }),
  searchHistoryMsgs: command(7, 8, 'searchHistoryMsgs', {
    request: Params({ ...HistoryQuery, keyword: Type.String({ minLength: 1, maxLength: 100 }) }),
    reply: Params({ msgs: Msgs }),
  }),
  /** Deletes sessions of this account on the server (the same rows as deleteServerSessions). */
  deleteSessions: command(7, 9, 'deleteSessions', {
    request: Params({ sessions: Type.Array(SessionId, { minItems: 1, maxItems: 100 }) }),
  }),
  /** Refused with Not_Support: document 2 names filtered sending but gives it no meaning (docs/im-messaging.md). */
  sendFilterMsg: command(7, 10, 'sendFilterMsg', {
    request: Params({ msg: OutgoingMsg }),
    reply: Params({ msg: Msg }),
  }),
  sendMsgReceipt: command(7, 11, 'sendMsgReceipt', { request: Params({ msg: ReceiptKey }) }),
  msgReceipt: push(7, 12, 'msgReceipt', Params({ receipt: Receipt })),
  deleteMsg: command(7, 13, 'deleteMsg', {
    request: Params({ msg: MsgKey, ps: Opt(Type.String({ maxLength: 5000 })) }),
  }),
  deleteMsgSelf: command(7, 14, 'deleteMsgSelf', {
    request: Params({ msg: MsgKey, custom: Opt(Type.String({ maxLength: 1024 })) }),
    /** When it was deleted (NIM's SDK keeps it as its deleteMsgSelf timetag). */
    reply: Params({ time: Time }),
  }),
  msgDeleted: push(7, 15, 'msgDeleted', Params({ deleted: DeletedMsg })),
  markSessionAck: command(7, 16, 'markSessionAck', {
    request: Params({ scene: Scene, to: Account, timetag: Time }),
  }),
  msgDeletedSelf: push(7, 17, 'msgDeletedSelf', Params(DeletedSelf.properties)),
  clearServerHistoryMsgs: command(7, 18, 'clearServerHistoryMsgs', {
    request: Params({ scene: Scene, to: Account, isSyncSelf: Opt(Type.Boolean()) }),
    reply: Params({ time: Time }),
  }),
  getServerSession: command(7, 19, 'getServerSession', {
    request: Params({ sessionId: SessionId }),
    reply: Params({ session: Opt(Session) }),
  }),
  getServerSessions: command(7, 20, 'getServerSessions', {
    request: Params({
      minTimestamp: Opt(Time),
      maxTimestamp: Opt(Time),
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    reply: Params({ sessions: Type.Array(Session), hasMore: Type.Boolean() }),
  }),
  updateServerSession: command(7, 21, 'updateServerSession', {
    request: Params({ sessionId: SessionId, ext: Type.String({ maxLength: 1024 }) }),
  }),
  deleteServerSessions: command(7, 22, 'deleteServerSessions', {
    request: Params({ sessions: Type.Array(SessionId, { minItems: 1, maxItems: 100 }) }),
  }),
  getMsgsByIdServer: command(7, 23, 'getMsgsByIdServer', {
    request: Params({ reqMsgs: Type.Array(MsgKey, { minItems: 1, maxItems: 100 }) }),
    reply: Params({ msgs: Msgs }),
  }),
  sessionCleared: push(7, 24, 'sessionCleared', Params({ sessionId: SessionId, time: Time })),
  sessionAck: push(7, 25, 'sessionAck', Params({ ack: SessionAck })),
  /** Another device of this account deleted these sessions. */
  sessionsDeleted: push(7, 27, 'sessionsDeleted', Params({ sessionIds: Type.Array(SessionId) })),
  /**
   * deleteMsgSelfBatch's deletes, told to the deleter's other devices in one push (NIM's
   * onDeleteMsgSelfBatch), each as msgDeletedSelf tells one.
   */
  msgsDeletedSelf: push(
    7,
    30,
    'msgsDeletedSelf',
    Params({ deleted: Type.Array(DeletedSelf, { minItems: 1, maxItems: 100 }) }),
  ),
  /** deleteMsgSelf for up to 100 messages at once (NIM's deleteMsgSelfBatch); all or none. */
  deleteMsgSelfBatch: command(7, 28, 'deleteMsgSelfBatch', {
    request: Params({
      msgs: Type.Array(MsgKey, { minItems: 1, maxItems: 100 }),
      custom: Opt(Type.String({ maxLength: 1024 })),
    }),
    reply: Params({ time: Time }),
  }),
};
