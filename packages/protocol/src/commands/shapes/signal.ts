// Signalling as it travels (document 2: Signalling): channels, their members and the
// notifications of section 4's flow, with NIM's channel types and event type names.
import { Type } from '@sinclair/typebox';
import { Account, ClientId, Id, Time } from '../common.ts';

/** NIM's channel types: 1 audio, 2 video, 3 custom. */
export const SIGNAL_CHANNEL_TYPES = { audio: 1, video: 2, custom: 3 } as const;
export const SignalChannelType = Type.Integer({ minimum: 1, maximum: 3 });

/** NIM's notification event types, by name (NIMEnumSignalingNotifyEventType). */
export const SIGNAL_EVENT_TYPES = {
  ROOM_CLOSE: 1,
  ROOM_JOIN: 2,
  INVITE: 3,
  CANCEL_INVITE: 4,
  REJECT: 5,
  ACCEPT: 6,
  LEAVE: 7,
  CONTROL: 8,
} as const;
export type SignalEventType = keyof typeof SIGNAL_EVENT_TYPES;
const EventType = Type.Union(
  (Object.keys(SIGNAL_EVENT_TYPES) as SignalEventType[]).map((t) => Type.Literal(t)),
);

export const SignalChannelName = Type.String({ minLength: 1, maxLength: 128 });
export const SignalExt = Type.String({ maxLength: 4096 });
export const SignalAttachExt = Type.String({ maxLength: 4096 });
/** The media uid a member joins with; 0 lets the media server choose. */
export const SignalUid = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const SignalPushInfo = Type.Object(
  {
    needPush: Type.Optional(Type.Boolean()),
    needBadge: Type.Optional(Type.Boolean()),
    pushTitle: Type.Optional(Type.String({ maxLength: 128 })),
    pushContent: Type.Optional(Type.String({ maxLength: 512 })),
    pushPayload: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);

export const SignalMember = Type.Object({
  accid: Account,
  uid: SignalUid,
  createTime: Time,
  expireTime: Time,
});

export const SignalChannel = Type.Object({
  type: SignalChannelType,
  channelName: SignalChannelName,
  channelId: Id,
  channelCreateTime: Time,
  channelExpireTime: Time,
  creator: Account,
  ext: Type.Optional(SignalExt),
  members: Type.Array(SignalMember),
});

export const SignalNotify = Type.Object({
  eventType: EventType,
  /** The notification's id (offline ones are delivered once, in id order). */
  msgid: Id,
  time: Time,
  type: SignalChannelType,
  channelName: SignalChannelName,
  channelId: Id,
  channelCreateTime: Time,
  channelExpireTime: Time,
  creator: Account,
  ext: Type.Optional(SignalExt),
  /** Who caused it. */
  from: Account,
  /** The account it is addressed to (invitations and their answers). */
  to: Type.Optional(Account),
  requestId: Type.Optional(ClientId),
  attachExt: Type.Optional(SignalAttachExt),
  /** The member that joined (ROOM_JOIN) or left (LEAVE). */
  member: Type.Optional(SignalMember),
  pushInfo: Type.Optional(SignalPushInfo),
});
