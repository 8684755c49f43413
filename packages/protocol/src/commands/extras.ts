// Service msgExtend (23): threads, quick comments, collects, stick-top sessions and message pins
// (document 2, sections 3, 5 and 7; docs/im-extras.md). Messages are named by MsgKey; a client
// derives its own session id from the key (p2p: the other account). Shapes: shapes/extras.ts.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Id, SessionId, Time } from './common.ts';
import { Msg, MsgKey } from './shapes/messaging.ts';
import { Collect, MsgPin, PushOptions, QuickComment, StickTopSession } from './shapes/extras.ts';

const Opt = Type.Optional;
const Text = (maxLength: number) => Type.String({ maxLength });
const Msgs = Type.Array(Msg);
const ChangeType = Type.Union([
  Type.Literal('add'),
  Type.Literal('update'),
  Type.Literal('delete'),
]);
/** A collect's type, stored as bigint: beyond the safe integers it overflowed PostgreSQL (a 500). */
const CollectType = Type.Integer({
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});
const CommentChange = Params({ msg: MsgKey, comment: QuickComment });
const Deleted = Type.Object({ deleted: Type.Boolean() });

export const extrasCommands = {
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
