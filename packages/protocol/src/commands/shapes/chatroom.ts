// Chatroom data shapes (spec/messaging.md, "Chatroom and chatroom member", "Chatroom message"):
// the room, its members with their identities, queue elements, messages and notifications.
import { Type, type Static } from '@sinclair/typebox';
import { Account, ClientId, Custom, Id, Time } from '../common.ts';

/** Member types as the spec names them; owner/manager/common are fixed, the others visitors. */
export const CHATROOM_MEMBER_TYPES = [
  'unset',
  'restricted',
  'common',
  'owner',
  'manager',
  'guest',
  'anonymous',
] as const;
export type ChatroomMemberType = (typeof CHATROOM_MEMBER_TYPES)[number];

export { CHATROOM_IDENTITIES, CHATROOM_LINK_PATH, type ChatroomIdentity } from '../vocabulary.ts';

/** Why the chatroom link was ended (NIM's chatroom kick reasons). */
export const CHATROOM_KICK_REASONS = {
  chatroomClosed: 1,
  managerKick: 2,
  samePlatformKick: 3,
  silentlyKick: 4,
  blacked: 5,
} as const;
export type ChatroomKickReason = keyof typeof CHATROOM_KICK_REASONS;

/** Notification ids 301-320 and the event names the SDK gives them (NIM's numbering). */
export const CHATROOM_NOTIFICATIONS = {
  301: 'memberEnter',
  302: 'memberExit',
  303: 'blackMember',
  304: 'unblackMember',
  305: 'gagMember',
  306: 'ungagMember',
  307: 'addManager',
  308: 'removeManager',
  309: 'addCommon',
  310: 'removeCommon',
  311: 'closeChatroom',
  312: 'updateChatroom',
  313: 'kickMember',
  314: 'addTempMute',
  315: 'removeTempMute',
  316: 'updateMemberInfo',
  317: 'updateQueue',
  318: 'muteRoom',
  319: 'unmuteRoom',
  320: 'batchUpdateQueue',
  321: 'addTempMuteTag',
  322: 'removeTempMuteTag',
  325: 'updateChatroomTags',
} as const;
export type ChatroomNotificationId = keyof typeof CHATROOM_NOTIFICATIONS;
export type ChatroomNotificationName = (typeof CHATROOM_NOTIFICATIONS)[ChatroomNotificationId];

const Name = Type.String({ minLength: 1, maxLength: 128 });
/** A connection's tags (checked again as NIM's limits by the handler's parse). */
export const ChatroomTags = Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
  maxItems: 10,
});
/** A tag expression as text (parsed by parseTagExpression). */
export const TagExpressionText = Type.String({ maxLength: 2048 });
const Nick = Type.String({ maxLength: 64 });
const Url = Type.String({ maxLength: 1024 });

export const ChatroomFields = {
  name: Type.Optional(Name),
  announcement: Type.Optional(Type.String({ maxLength: 4096 })),
  broadcastUrl: Type.Optional(Url),
  custom: Type.Optional(Custom),
  /** 0: every member may change the queue; 1: only the owner and managers. */
  queuelevel: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
};

export const Chatroom = Type.Object({
  id: Id,
  name: Type.String(),
  announcement: Type.String(),
  broadcastUrl: Type.String(),
  custom: Type.String(),
  creator: Account,
  queuelevel: Type.Integer(),
  onlineMemberNum: Type.Integer({ minimum: 0 }),
  mute: Type.Boolean(),
});
export type ChatroomInfo = Static<typeof Chatroom>;

export const ChatroomMemberFields = {
  nick: Type.Optional(Nick),
  avatar: Type.Optional(Url),
  custom: Type.Optional(Custom),
};

export const ChatroomMember = Type.Object({
  chatroomId: Id,
  account: Account,
  type: Type.Union(CHATROOM_MEMBER_TYPES.map((t) => Type.Literal(t))),
  level: Type.Integer(),
  nick: Type.String(),
  avatar: Type.String(),
  custom: Type.String(),
  online: Type.Boolean(),
  guest: Type.Boolean(),
  blacked: Type.Boolean(),
  gaged: Type.Boolean(),
  tempMuted: Type.Boolean(),
  /** Seconds of temporary mute left (0 when not muted). */
  tempMuteDuration: Type.Integer({ minimum: 0 }),
  enterTime: Time,
  updateTime: Time,
});
export type ChatroomMemberInfo = Static<typeof ChatroomMember>;

export const CHATROOM_MSG_TYPES = [
  'text',
  'image',
  'audio',
  'video',
  'file',
  'geo',
  'custom',
  'tip',
] as const;

/**
 * A point in the room's space (NIM's spatial messages, 空间消息): a message sent from a point
 * reaches the connections whose own point is within their subscribed distance of it.
 */
export const ChatroomLocation = Type.Object(
  {
    x: Type.Number({ minimum: -1e12, maximum: 1e12 }),
    y: Type.Number({ minimum: -1e12, maximum: 1e12 }),
    z: Type.Number({ minimum: -1e12, maximum: 1e12 }),
  },
  { additionalProperties: false },
);
/** How far from its point a connection hears located messages. */
export const ChatroomDistance = Type.Number({ minimum: 0, maximum: 1e12 });

export const ChatroomMsgDraft = Type.Object(
  {
    idClient: ClientId,
    type: Type.Union(CHATROOM_MSG_TYPES.map((t) => Type.Literal(t))),
    text: Type.Optional(Type.String({ maxLength: 5000 })),
    /** The attachment (file, geo) or custom content as JSON text. */
    content: Type.Optional(Type.String({ maxLength: 10_000 })),
    custom: Type.Optional(Custom),
    resend: Type.Optional(Type.Boolean()),
    /** Not kept in the room's history. */
    skipHistory: Type.Optional(Type.Boolean()),
    /** Only connections whose tags match this tag expression receive it (chatroom-tags.ts). */
    notifyTargetTags: Type.Optional(TagExpressionText),
    /** Sent from this point: only connections within their distance of it (or without a point). */
    location: Type.Optional(ChatroomLocation),
  },
  { additionalProperties: false },
);

export const ChatroomNotificationAttach = Type.Object({
  /** The notification's id, 301-325. */
  id: Type.Integer({ minimum: 301, maximum: 325 }),
  type: Type.String(),
  from: Account,
  fromNick: Type.String(),
  to: Type.Array(Account),
  toNick: Type.Array(Type.String()),
  custom: Type.Optional(Type.String()),
  /** Kind-specific extras: temporary mute duration, queue change, the room's new fields... */
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const ChatroomMsg = Type.Object({
  chatroomId: Id,
  idClient: ClientId,
  idServer: Id,
  from: Account,
  fromNick: Type.String(),
  fromAvatar: Type.String(),
  fromCustom: Type.String(),
  fromClientType: Type.Integer(),
  time: Time,
  type: Type.Union([...CHATROOM_MSG_TYPES, 'notification'].map((t) => Type.Literal(t))),
  text: Type.Optional(Type.String()),
  content: Type.Optional(Type.String()),
  custom: Type.Optional(Type.String()),
  resend: Type.Boolean(),
  attach: Type.Optional(ChatroomNotificationAttach),
  /** Where it was sent from (a spatial message). */
  location: Type.Optional(ChatroomLocation),
});
export type ChatroomMsgInfo = Static<typeof ChatroomMsg>;

/** The most elements a room's queue may be set to hold (NIM's queueInit limit). */
export const CHATROOM_QUEUE_SIZE_MAX = 1000;
/** Elements one batch queue change may name (NIM's Chatroom SDK: at most 100). */
export const CHATROOM_QUEUE_BATCH_UPDATE_MAX = 100;

export const QueueElement = Type.Object({
  elementKey: Type.String({ minLength: 1, maxLength: 128 }),
  elementValue: Type.String({ maxLength: 4096 }),
});

/** Messages of a room buffered before one frame goes to each member (spec section 9). */
export const CHATROOM_BATCH = { intervalMs: 300, maxMessages: 500 } as const;

/** Members a member list returns when the caller names no limit (spec section 9). */
export const CHATROOM_MEMBER_LIST_DEFAULT_LIMIT = 100;
