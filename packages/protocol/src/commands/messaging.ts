// Services notify (4), msg (7) and msgExtend (23): messages, sessions and message extras.
// Every command here has a typed schema; one whose handler has not landed yet answers Not_Support.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, ClientId, Id, Scene, Time } from './common.ts';
import { Msg, MsgKey, OutgoingMsg, Session } from './message.ts';
import { CustomSysMsg, DeletedMsgIds, DeliveredCustomSysMsg, SysMsg } from './people.ts';

const Opt = Type.Optional;
const SessionId = Type.String({ pattern: '^(p2p|team|superTeam)-.+$', maxLength: 200 });
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

// Service msgExtend (23): threads, quick comments, collects, stick-top sessions and message pins
// (document 2, sections 3, 5 and 7; docs/im-extras.md). Messages are named by MsgKey; a client
// derives its own session id from the key (p2p: the other account).
const Text = (maxLength: number) => Type.String({ maxLength });
const ChangeType = Type.Union([
  Type.Literal('add'),
  Type.Literal('update'),
  Type.Literal('delete'),
]);
const PushOptions = {
  needPush: Opt(Type.Boolean()),
  needBadge: Opt(Type.Boolean()),
  pushTitle: Opt(Text(256)),
  pushContent: Opt(Text(500)),
  pushPayload: Opt(Text(2048)),
};
/** A collect's type, stored as bigint: beyond the safe integers it overflowed PostgreSQL (a 500). */
const CollectType = Type.Integer({
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});

export const QuickComment = Type.Object({
  from: Account,
  /** An emoji or reaction id chosen by the application. */
  body: Type.Integer(),
  time: Time,
  custom: Opt(Text(1024)),
  ...PushOptions,
});
const CommentChange = Params({ msg: MsgKey, comment: QuickComment });
export const Collect = Type.Object({
  id: Id,
  type: Type.Integer(),
  data: Type.String(),
  custom: Opt(Type.String()),
  uniqueId: Opt(Type.String()),
  createTime: Time,
  updateTime: Time,
});
export const MsgPin = Type.Object({
  msg: MsgKey,
  pinFrom: Account,
  pinCustom: Opt(Text(1024)),
  createTime: Time,
  updateTime: Time,
});
export const StickTopSession = Type.Object({
  id: SessionId,
  topCustom: Opt(Text(1024)),
  createTime: Time,
  updateTime: Time,
});
const Deleted = Type.Object({ deleted: Type.Boolean() });

const extrasCommands = {
  getThreadMsgs: command(23, 1, 'getThreadMsgs', {
    request: Params({
      threadMsg: MsgKey,
      beginTime: Opt(Time),
      endTime: Opt(Time),
      lastMsgId: Opt(Id),
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
      reverse: Opt(Type.Boolean()),
    }),
    reply: Params({
      threadMsg: Msg,
      msgs: Msgs,
      total: Type.Integer({ minimum: 0 }),
      timetag: Time,
    }),
  }),
  addQuickComment: command(23, 3, 'addQuickComment', {
    request: Params({ msg: MsgKey, body: Type.Integer(), custom: Opt(Text(1024)), ...PushOptions }),
    reply: Params({ comment: QuickComment }),
  }),
  deleteQuickComment: command(23, 4, 'deleteQuickComment', {
    request: Params({ msg: MsgKey, body: Type.Integer(), custom: Opt(Text(1024)), ...PushOptions }),
    reply: Params({ comment: QuickComment }),
  }),
  quickComment: push(23, 5, 'quickComment', CommentChange),
  quickCommentDeleted: push(23, 6, 'quickCommentDeleted', CommentChange),
  getQuickComments: command(23, 7, 'getQuickComments', {
    request: Params({ msgs: Type.Array(MsgKey, { minItems: 1, maxItems: 20 }) }),
    reply: Params({
      comments: Type.Array(
        Type.Object({ msg: MsgKey, comments: Type.Array(QuickComment), updateTime: Time }),
      ),
    }),
  }),
  addCollect: command(23, 8, 'addCollect', {
    request: Params({
      type: CollectType,
      data: Type.String({ minLength: 1, maxLength: 20_480 }),
      custom: Opt(Text(1024)),
      uniqueId: Opt(Type.String({ minLength: 1, maxLength: 128 })),
    }),
    reply: Params({ collect: Collect }),
  }),
  deleteCollects: command(23, 9, 'deleteCollects', {
    request: Params({
      collectList: Type.Array(Type.Object({ id: Id, createTime: Opt(Time) }), {
        minItems: 1,
        maxItems: 100,
      }),
    }),
    reply: Params({ deleteCount: Type.Integer({ minimum: 0 }) }),
  }),
  updateCollect: command(23, 10, 'updateCollect', {
    request: Params({ id: Id, createTime: Opt(Time), custom: Text(1024) }),
    reply: Params({ collect: Collect }),
  }),
  getCollects: command(23, 11, 'getCollects', {
    request: Params({
      beginTime: Opt(Time),
      endTime: Opt(Time),
      lastId: Opt(Id),
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
      reverse: Opt(Type.Boolean()),
      type: Opt(CollectType),
    }),
    reply: Params({ collects: Type.Array(Collect), total: Type.Integer({ minimum: 0 }) }),
  }),
  addStickTopSession: command(23, 12, 'addStickTopSession', {
    request: Params({ id: SessionId, topCustom: Opt(Text(1024)) }),
    reply: Params({ stickTopSession: StickTopSession }),
  }),
  deleteStickTopSession: command(23, 13, 'deleteStickTopSession', {
    request: Params({ id: SessionId }),
    reply: Params({ time: Time }),
  }),
  updateStickTopSession: command(23, 14, 'updateStickTopSession', {
    request: Params({ id: SessionId, topCustom: Text(1024) }),
    reply: Params({ stickTopSession: StickTopSession }),
  }),
  syncStickTopSessions: push(
    23,
    15,
    'syncStickTopSessions',
    Params({ stickTopSessions: Type.Array(Type.Composite([StickTopSession, Deleted])) }),
  ),
  addMsgPin: command(23, 16, 'addMsgPin', {
    request: Params({ msg: MsgKey, pinCustom: Opt(Text(1024)) }),
    reply: Params({ pin: MsgPin }),
  }),
  updateMsgPin: command(23, 17, 'updateMsgPin', {
    request: Params({ msg: MsgKey, pinCustom: Text(1024) }),
    reply: Params({ pin: MsgPin }),
  }),
  deleteMsgPin: command(23, 18, 'deleteMsgPin', {
    request: Params({ msg: MsgKey }),
    reply: Params({ time: Time }),
  }),
  getMsgPins: command(23, 19, 'getMsgPins', {
    request: Params({ sessionId: SessionId }),
    /** The pins of the session and the pinned messages the caller can still see. */
    reply: Params({ pins: Type.Array(MsgPin), msgs: Msgs }),
  }),
  msgPinChanged: push(23, 20, 'msgPinChanged', Params({ type: ChangeType, pin: MsgPin })),
  syncMsgPins: push(
    23,
    21,
    'syncMsgPins',
    Params({ pins: Type.Array(Type.Composite([MsgPin, Deleted])) }),
  ),
  stickTopSessionChanged: push(
    23,
    22,
    'stickTopSessionChanged',
    Params({ type: ChangeType, stickTopSession: StickTopSession }),
  ),
  collectChanged: push(
    23,
    23,
    'collectChanged',
    Params({ type: ChangeType, collects: Type.Array(Collect) }),
  ),
  syncQuickComments: push(
    23,
    24,
    'syncQuickComments',
    Params({ comments: Type.Array(Type.Composite([CommentChange, Deleted])) }),
  ),
};

export const messagingCommands = {
  /** Marks system messages read (document 2: system messages start unread). */
  markRead: command(4, 3, 'markRead', {
    request: Params({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) }),
  }),
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
  syncOfflineSysMsgs: push(4, 6, 'syncOfflineSysMsgs', Params({ sysMsgs: Type.Array(SysMsg) })),
  sysMsgsRead: push(4, 22, 'sysMsgsRead', Params({ ids: Type.Array(Id) })),
  syncRoamingMsgs: push(4, 9, 'syncRoamingMsgs', Params({ msgs: Msgs })),
  syncMsgReceipts: push(4, 12, 'syncMsgReceipts', Params({ receipts: Type.Array(Receipt) })),
  syncSessionAck: push(4, 14, 'syncSessionAck', Params({ acks: Type.Array(SessionAck) })),
  syncSessions: push(4, 20, 'syncSessions', Params({ sessions: Type.Array(Session) })),
  syncDeletedMsgs: push(4, 21, 'syncDeletedMsgs', Params({ deleted: Type.Array(DeletedMsg) })),
  /** One-way deletes (deleteMsgSelf) by the account's other devices since the deleteMsg timetag. */
  syncDeletedMsgsSelf: push(
    4,
    23,
    'syncDeletedMsgsSelf',
    Params({ deleted: Type.Array(Type.Object({ sessionId: SessionId, idServer: Id })) }),
  ),

  sendMsg: command(7, 1, 'sendMsg', {
    request: Params({ msg: OutgoingMsg }),
    reply: Params({ msg: Msg }),
  }),
  msg: push(7, 2, 'msg', Params({ msg: Msg })),
  sysMsg: push(7, 3, 'sysMsg', Params({ sysMsg: SysMsg })),
  customSysMsg: push(7, 26, 'customSysMsg', Params({ sysMsg: DeliveredCustomSysMsg })),
  getHistoryMsgs: command(7, 6, 'getHistoryMsgs', {
    request: Params(HistoryQuery),
    reply: Params({ msgs: Msgs }),
  }),
  sendCustomSysMsg: command(7, 7, 'sendCustomSysMsg', {
    request: Params({ sysMsg: CustomSysMsg }),
    reply: Params({ idServer: Id, time: Time }),
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
  sendMsgReceipt: command(7, 11, 'sendMsgReceipt', { request: Params({ msg: MsgKey }) }),
  msgReceipt: push(7, 12, 'msgReceipt', Params({ receipt: Receipt })),
  deleteMsg: command(7, 13, 'deleteMsg', {
    request: Params({ msg: MsgKey, ps: Opt(Type.String({ maxLength: 5000 })) }),
  }),
  deleteMsgSelf: command(7, 14, 'deleteMsgSelf', {
    request: Params({ msg: MsgKey, custom: Opt(Type.String({ maxLength: 1024 })) }),
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
  ...extrasCommands,
};
