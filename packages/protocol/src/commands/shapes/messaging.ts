// The message as it travels (document 2, section 3 "Message"): what a client sends, and what the
// server adds (from, time, idServer...) before delivering it. Payloads of file, geo and robot
// messages are typed maps, not JSON strings, so both sides validate them with the same schema.
import { Type, type Static } from '@sinclair/typebox';
import { Account, ClientId, Id, Scene, Time } from '../common.ts';
import { MSG_TYPES } from '../vocabulary.ts';

export { MSG_TYPES, type MsgTypeName } from '../vocabulary.ts';
export const MsgType = Type.Union(Object.values(MSG_TYPES).map((v) => Type.Literal(v)));

const Opt = Type.Optional;

export const FilePayload = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    name: Opt(Type.String({ maxLength: 256 })),
    ext: Type.String({ minLength: 1, maxLength: 32 }),
    size: Type.Integer({ minimum: 0 }),
    md5: Opt(Type.String({ maxLength: 64 })),
    dur: Opt(Type.Integer({ minimum: 0 })),
    w: Opt(Type.Integer({ minimum: 0 })),
    h: Opt(Type.Integer({ minimum: 0 })),
    orientation: Opt(Type.String({ maxLength: 32 })),
    codecs: Opt(Type.String({ maxLength: 64 })),
    container: Opt(Type.String({ maxLength: 64 })),
    mp3Url: Opt(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);

export const GeoPayload = Type.Object(
  { lng: Type.Number(), lat: Type.Number(), title: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
);

export const RobotPayload = Type.Object(
  {
    robotAccid: Account,
    type: Type.Union([Type.Literal('welcome'), Type.Literal('text'), Type.Literal('link')]),
    content: Opt(Type.String({ maxLength: 5000 })),
    target: Opt(Type.String({ maxLength: 256 })),
    params: Opt(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);

export const MsgRef = Type.Object(
  { from: Account, to: Account, time: Time, idServer: Id, idClient: ClientId },
  { additionalProperties: false },
);

/**
 * Accounts a message may name for a forced push (apns.accounts); a team message at most 100 of
 * them (811 beyond, the teams feature), and the whole message within MAX_MSG_BODY_BYTES.
 */
export const MAX_APNS_ACCOUNTS = 500;

/**
 * The whole message as stored and delivered (MessagePack, with what the server adds) may take at
 * most this many bytes, whatever its fields hold within their own limits: one account's
 * messages cannot fill memory or disk with a few maximal fields (a 5,000-character Chinese text
 * is about 15 KB). Too large: 405.
 */
export const MAX_MSG_BODY_BYTES = 16 * 1024;

export const Apns = Type.Object(
  {
    accounts: Opt(Type.Array(Account, { maxItems: MAX_APNS_ACCOUNTS })),
    content: Opt(Type.String({ maxLength: 500 })),
    forcePush: Opt(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const AntiSpam = Type.Object(
  {
    antiSpamUsingYidun: Opt(Type.Boolean()),
    antiSpamContent: Opt(Type.String({ maxLength: 5000 })),
    antiSpamBusinessId: Opt(Type.String({ maxLength: 64 })),
    clientAntiSpam: Opt(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The flags of document 2; absent means the default (docs/im-messaging.md lists them). */
const Flags = {
  isHistoryable: Opt(Type.Boolean()),
  isRoamingable: Opt(Type.Boolean()),
  isSyncable: Opt(Type.Boolean()),
  cc: Opt(Type.Boolean()),
  isPushable: Opt(Type.Boolean()),
  isOfflinable: Opt(Type.Boolean()),
  isUnreadable: Opt(Type.Boolean()),
  needPushNick: Opt(Type.Boolean()),
  needMsgReceipt: Opt(Type.Boolean()),
  needUpdateSession: Opt(Type.Boolean()),
};

/** What a client sends. */
export const OutgoingMsg = Type.Object(
  {
    scene: Scene,
    to: Account,
    type: MsgType,
    idClient: Type.String({ minLength: 1, maxLength: 64 }),
    resend: Opt(Type.Boolean()),
    text: Opt(Type.String({ maxLength: 5000 })),
    file: Opt(FilePayload),
    geo: Opt(GeoPayload),
    robot: Opt(RobotPayload),
    /** Custom and notification payloads: JSON text the SDK does not interpret. */
    content: Opt(Type.String({ maxLength: 10_000 })),
    attach: Opt(Type.String({ maxLength: 10_000 })),
    custom: Opt(Type.String({ maxLength: 4096 })),
    pushContent: Opt(Type.String({ maxLength: 500 })),
    pushPayload: Opt(Type.String({ maxLength: 2048 })),
    apns: Opt(Apns),
    replyMsg: Opt(MsgRef),
    threadMsg: Opt(MsgRef),
    antiSpam: Opt(AntiSpam),
    ...Flags,
  },
  { additionalProperties: false },
);
export type OutgoingMsg = Static<typeof OutgoingMsg>;

/** What the server delivers: the sent message plus what the server adds. */
export const Msg = Type.Composite([
  Type.Omit(OutgoingMsg, ['resend']),
  Type.Object({
    from: Account,
    fromNick: Type.String(),
    fromClientType: Type.Integer(),
    fromDeviceId: Type.String(),
    time: Time,
    idServer: Id,
    /** Order within the conversation, strictly increasing. */
    seq: Type.Integer({ minimum: 1 }),
  }),
]);
export type Msg = Static<typeof Msg>;

/** A reference to a stored message, enough for the server to find and check it. */
export const MsgKey = Type.Object(
  { scene: Scene, from: Account, to: Account, idServer: Id, idClient: Opt(ClientId), time: Time },
  { additionalProperties: false },
);

export const Session = Type.Object({
  id: Type.String(),
  scene: Scene,
  to: Account,
  updateTime: Time,
  lastMsg: Opt(Msg),
  unread: Type.Integer({ minimum: 0 }),
  /** Time of the last message this account has read in the session. */
  ack: Time,
  /** Messages before this time were cleared by this account. */
  lastEmptyTime: Opt(Time),
  /** Server-side extension text set by updateServerSession. */
  ext: Opt(Type.String()),
});
export type Session = Static<typeof Session>;
