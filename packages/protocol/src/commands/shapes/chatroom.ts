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

/** Numeric identity changes of markChatroomIdentity: manager 1, common 2, black -1, mute -2. */
export const CHATROOM_IDENTITIES = { manager: 1, common: 2, black: -1, mute: -2 } as const;
export type ChatroomIdentity = keyof typeof CHATROOM_IDENTITIES;

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
} as const;
export type ChatroomNotificationId = keyof typeof CHATROOM_NOTIFICATIONS;
export type ChatroomNotificationName = (typeof CHATROOM_NOTIFICATIONS)[ChatroomNotificationId];

const Name = Type.String({ minLength: 1, maxLength: 128 });
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
  },
  { additionalProperties: false },
);

export const ChatroomNotificationAttach = Type.Object({
  /** The notification's id, 301-320. */
  id: Type.Integer({ minimum: 301, maximum: 320 }),
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
});
export type ChatroomMsgInfo = Static<typeof ChatroomMsg>;

export const QueueElement = Type.Object({
  elementKey: Type.String({ minLength: 1, maxLength: 128 }),
  elementValue: Type.String({ maxLength: 4096 }),
});

/** Where a chatroom server serves the chatroom link (an Engine.IO path beside the IM link). */
export const CHATROOM_LINK_PATH = '/im/chatroom/';

/** Messages of a room buffered before one frame goes to each member (spec section 9). */
export const CHATROOM_BATCH = { intervalMs: 300, maxMessages: 500 } as const;

/** Members a member list returns when the caller names no limit (spec section 9). */
export const CHATROOM_MEMBER_LIST_DEFAULT_LIMIT = 100;
