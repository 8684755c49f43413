// The chatroom: its address, asked on the IM link (service 13), and the chatroom link's own
// commands (13 on its own connection). Shapes: shapes/chatroom.ts.
import { Type, type TSchema } from '@sinclair/typebox';
import { command, push, Params, type Empty } from './define.ts';
import { Account, ClientType, Custom, Id, Time } from './common.ts';
import {
  Chatroom,
  ChatroomFields,
  ChatroomMember,
  ChatroomMemberFields,
  ChatroomMsg,
  ChatroomMsgDraft,
  CHATROOM_KICK_REASONS,
  CHATROOM_MSG_TYPES,
  CHATROOM_QUEUE_BATCH_UPDATE_MAX,
  CHATROOM_QUEUE_SIZE_MAX,
  ChatroomDistance,
  ChatroomLocation,
  ChatroomTags,
  QueueElement,
  TagExpressionText,
} from './shapes/chatroom.ts';

/** A command of the chatroom link (service 13 on the room's own connection). */
function room<Req extends TSchema = typeof Empty, Rep extends TSchema = typeof Empty>(
  cid: number,
  name: string,
  options: { request?: Req; reply?: Rep } = {},
) {
  return command<Req, Rep>(13, cid, name, { ...options, link: 'chatroom' });
}

const Identity = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(-1), Type.Literal(-2)]);
const KickReasonName = Type.Union(
  Object.keys(CHATROOM_KICK_REASONS).map((name) => Type.Literal(name)),
);
const ElementKey = QueueElement.properties.elementKey;
const ChatroomTag = ChatroomTags.items;
/** An element key as a record's key (TypeBox checks a record's keys by pattern only). */
const QueueKeyPattern = Type.String({ pattern: '^[\\s\\S]{1,128}$' });

export const chatroomCommands = {
  /** Where the room's chatroom link is served; 415 when no chatroom server is available. */
  getChatroomAddress: command(13, 1, 'getChatroomAddress', {
    request: Params({ chatroomId: Id, ip: Type.Optional(Type.String({ maxLength: 64 })) }),
    reply: Params({ address: Type.Array(Type.String()) }),
  }),

  chatroomLogin: command(13, 2, 'chatroomLogin', {
    link: 'chatroom',
    preLogin: true,
    request: Params({
      appKey: Type.String({ minLength: 1, maxLength: 64 }),
      chatroomId: Id,
      account: Type.Optional(Account),
      token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
      isAnonymous: Type.Optional(Type.Boolean()),
      chatroomNick: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      chatroomAvatar: Type.Optional(Type.String({ maxLength: 1024 })),
      chatroomCustom: Type.Optional(Custom),
      clientType: ClientType,
      deviceId: Type.String({ minLength: 1, maxLength: 128 }),
      /** This connection's tags (chatroom-tags.ts). */
      tags: Type.Optional(ChatroomTags),
      /** Who hears this connection enter and leave; default: members with all of its tags. */
      notifyTargetTags: Type.Optional(TagExpressionText),
      /** This connection's point and distance for spatial messages (chatroomUpdateCoordinate). */
      location: Type.Optional(ChatroomLocation),
      distance: Type.Optional(ChatroomDistance),
    }),
    reply: Params({ chatroom: Chatroom, member: ChatroomMember }),
  }),
  chatroomKicked: push(
    13,
    3,
    'chatroomKicked',
    Params({
      reason: Type.Integer(),
      reasonName: KickReasonName,
      message: Type.String(),
      custom: Type.Optional(Type.String()),
    }),
    'chatroom',
  ),
  chatroomLogout: room(4, 'chatroomLogout'),
  chatroomSendMsg: room(6, 'chatroomSendMsg', {
    request: Params({ msg: ChatroomMsgDraft }),
    reply: Params({ msg: ChatroomMsg }),
  }),
  /** One frame per member per batch: every message of the room buffered meanwhile. */
  chatroomMsg: push(13, 7, 'chatroomMsg', Params({ msgs: Type.Array(ChatroomMsg) }), 'chatroom'),
  chatroomGetMembers: room(8, 'chatroomGetMembers', {
    request: Params({
      /** Visitors (guests and anonymous) instead of fixed members. */
      guest: Type.Boolean(),
      onlyOnline: Type.Optional(Type.Boolean()),
      /** Members entered (visitors) or updated (fixed members) before this time; 0: now. */
      time: Type.Optional(Time),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    reply: Params({ members: Type.Array(ChatroomMember) }),
  }),
  chatroomGetHistory: room(9, 'chatroomGetHistory', {
    request: Params({
      timetag: Type.Optional(Time),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      reverse: Type.Optional(Type.Boolean()),
    }),
    reply: Params({ msgs: Type.Array(ChatroomMsg) }),
  }),
  chatroomMarkMember: room(11, 'chatroomMarkMember', {
    request: Params({
      account: Account,
      identity: Identity,
      isAdd: Type.Boolean(),
      level: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
      custom: Type.Optional(Custom),
    }),
    reply: Params({ member: ChatroomMember }),
  }),
  /** The owner closes the room: every member is kicked with chatroomClosed. */
  chatroomClose: room(12, 'chatroomClose', { request: Params({ custom: Type.Optional(Custom) }) }),
  chatroomGet: room(13, 'chatroomGet', { reply: Params({ chatroom: Chatroom }) }),
  chatroomUpdate: room(14, 'chatroomUpdate', {
    request: Params({
      chatroom: Type.Object(ChatroomFields, { additionalProperties: false }),
      needNotify: Type.Boolean(),
      custom: Type.Optional(Custom),
    }),
    reply: Params({ chatroom: Chatroom }),
  }),
  chatroomUpdateMyInfo: room(15, 'chatroomUpdateMyInfo', {
    request: Params({
      member: Type.Object(ChatroomMemberFields, { additionalProperties: false }),
      needNotify: Type.Boolean(),
      custom: Type.Optional(Custom),
      /** Keep the change for later visits (fixed members only). */
      needSave: Type.Optional(Type.Boolean()),
    }),
    reply: Params({ member: ChatroomMember }),
  }),
  chatroomGetMembersInfo: room(16, 'chatroomGetMembersInfo', {
    request: Params({ accounts: Type.Array(Account, { minItems: 1, maxItems: 20 }) }),
    reply: Params({ members: Type.Array(ChatroomMember) }),
  }),
  chatroomKickMember: room(17, 'chatroomKickMember', {
    request: Params({ account: Account, custom: Type.Optional(Custom) }),
  }),
  chatroomTempMute: room(19, 'chatroomTempMute', {
    request: Params({
      account: Account,
      /** Seconds; 0 lifts the mute. At most 30 days. */
      duration: Type.Integer({ minimum: 0, maximum: 2_592_000 }),
      needNotify: Type.Boolean(),
      custom: Type.Optional(Custom),
    }),
  }),
  chatroomQueueOffer: room(20, 'chatroomQueueOffer', {
    request: Params({
      ...QueueElement.properties,
      /** The element leaves the queue when its owner leaves the room. */
      transient: Type.Optional(Type.Boolean()),
      /**
       * The element's owner, by default the one who offers it; another member of the room only
       * when the owner or a manager offers (NIM's elementAccount).
       */
      elementAccount: Type.Optional(Account),
    }),
  }),
  chatroomQueuePoll: room(21, 'chatroomQueuePoll', {
    request: Params({ elementKey: Type.Optional(ElementKey) }),
    reply: Params({ element: QueueElement }),
  }),
  chatroomQueueList: room(22, 'chatroomQueueList', {
    reply: Params({ elements: Type.Array(QueueElement) }),
  }),
  chatroomPeek: room(23, 'chatroomPeek', { reply: Params({ element: QueueElement }) }),
  chatroomDrop: room(24, 'chatroomDrop'),
  chatroomQueueChange: room(25, 'chatroomQueueChange', {
    request: Params({
      ...QueueElement.properties,
      transient: Type.Optional(Type.Boolean()),
    }),
  }),
  chatroomSyncRobot: room(27, 'chatroomSyncRobot', {
    request: Params({ timetag: Type.Optional(Time) }),
    reply: Params({ robots: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
  }),
  /** NIM's queueInit: the most elements the queue holds from now on (owner and managers). */
  chatroomQueueInit: room(28, 'chatroomQueueInit', {
    request: Params({ limit: Type.Integer({ minimum: 0, maximum: CHATROOM_QUEUE_SIZE_MAX }) }),
  }),
  /**
   * NIM's batch queueChange: new values for elements already in the queue, all at once, with one
   * batchUpdateQueue notification (320) when needNotify; the keys not in the queue come back.
   */
  chatroomQueueBatchUpdate: room(26, 'chatroomQueueBatchUpdate', {
    request: Params({
      elements: Type.Record(QueueKeyPattern, QueueElement.properties.elementValue, {
        minProperties: 1,
        maxProperties: CHATROOM_QUEUE_BATCH_UPDATE_MAX,
        additionalProperties: false,
      }),
      needNotify: Type.Boolean(),
      custom: Type.Optional(Type.String({ maxLength: 2048 })),
    }),
    reply: Params({ notInQueue: Type.Array(Type.String()) }),
  }),
  /**
   * Replaces this connection's tags (absent: no tags) and its notifyTargetTags; with needNotify,
   * an updateChatroomTags notification (325) to the connections its target names.
   */
  chatroomUpdateTags: room(34, 'chatroomUpdateTags', {
    request: Params({
      tags: Type.Optional(ChatroomTags),
      notifyTargetTags: Type.Optional(TagExpressionText),
      needNotify: Type.Optional(Type.Boolean()),
      custom: Type.Optional(Type.String({ maxLength: 4096 })),
    }),
  }),
  /** Online members whose tags (latest login or update) carry the tag, newest entry first. */
  chatroomGetMembersByTag: room(31, 'chatroomGetMembersByTag', {
    request: Params({
      tag: ChatroomTag,
      /** Members who entered before this time; 0 or absent: now. */
      time: Type.Optional(Time),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    reply: Params({ members: Type.Array(ChatroomMember) }),
  }),
  /**
   * Mutes every connection carrying the tag for `duration` seconds (0 lifts it); the owner and
   * managers only. With needNotify, addTempMuteTag / removeTempMuteTag (321, 322) to
   * notifyTargetTags, by default the tag's connections. Answers when the mute ends (0: lifted).
   */
  chatroomTagTempMute: room(30, 'chatroomTagTempMute', {
    request: Params({
      tag: ChatroomTag,
      duration: Type.Integer({ minimum: 0, maximum: 2_592_000 }),
      needNotify: Type.Boolean(),
      custom: Type.Optional(Custom),
      notifyTargetTags: Type.Optional(TagExpressionText),
    }),
    reply: Params({ time: Time }),
  }),
  /**
   * History by tags (NIM's getHistoryMsgsByTags): the room's kept messages sent to a tag target
   * naming any of the tags (not under a `not`), with `fromTime <= time <= toTime` (toTime 0 or
   * absent: now), of the given types (none: all); from fromTime oldest first, or (reverse) from
   * toTime newest first. A toTime before fromTime is refused (414).
   */
  chatroomGetHistoryByTags: room(36, 'chatroomGetHistoryByTags', {
    request: Params({
      tags: Type.Array(ChatroomTag, { minItems: 1, maxItems: 10 }),
      types: Type.Optional(
        Type.Array(Type.Union(CHATROOM_MSG_TYPES.map((t) => Type.Literal(t))), { maxItems: 8 }),
      ),
      fromTime: Type.Optional(Time),
      toTime: Type.Optional(Time),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      reverse: Type.Optional(Type.Boolean()),
    }),
    reply: Params({ msgs: Type.Array(ChatroomMsg) }),
  }),
  /**
   * NIM's updateCoordinate: this connection's point (when given) and the distance within which it
   * hears spatial messages (when given). A connection without a point hears every message.
   */
  chatroomUpdateCoordinate: room(33, 'chatroomUpdateCoordinate', {
    request: Params({
      location: Type.Optional(ChatroomLocation),
      distance: Type.Optional(ChatroomDistance),
    }),
  }),
  chatroomGetMemberCountByTag: room(32, 'chatroomGetMemberCountByTag', {
    request: Params({ tag: ChatroomTag }),
    reply: Params({ count: Type.Integer({ minimum: 0 }) }),
  }),
};
