// Users, friends, relations and system messages as they travel (document 2, section 3 "User",
// "Friend", "System message").
import { Type, type Static } from '@sinclair/typebox';
import { Account, ClientId, Id, Time } from '../common.ts';
import { SYSMSG_CATEGORIES, SYSMSG_STATES } from '../vocabulary.ts';

const Opt = Type.Optional;

export const GENDERS = ['unknown', 'male', 'female'] as const;
export const Gender = Type.Union(GENDERS.map((g) => Type.Literal(g)));

/** The editable part of a profile; format checks for email, birth and tel live in user-rules. */
export const UserUpdate = Type.Object(
  {
    nick: Opt(Type.String({ maxLength: 64 })),
    avatar: Opt(Type.String({ maxLength: 1024 })),
    sign: Opt(Type.String({ maxLength: 256 })),
    gender: Opt(Gender),
    email: Opt(Type.String({ maxLength: 64 })),
    birth: Opt(Type.String({ maxLength: 16 })),
    tel: Opt(Type.String({ maxLength: 32 })),
    custom: Opt(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;

export const User = Type.Object({
  account: Account,
  nick: Type.String(),
  avatar: Type.String(),
  sign: Type.String(),
  gender: Gender,
  email: Type.String(),
  birth: Type.String(),
  tel: Type.String(),
  custom: Type.String(),
  createTime: Time,
  updateTime: Time,
});
export type User = Static<typeof User>;

export const Friend = Type.Object({
  account: Account,
  alias: Type.String(),
  custom: Type.String(),
  serverex: Type.String(),
  createTime: Time,
  updateTime: Time,
  valid: Type.Boolean(),
});
export type Friend = Static<typeof Friend>;

export const RelationChange = Type.Object({
  account: Account,
  kind: Type.Union([Type.Literal('blacklist'), Type.Literal('mutelist')]),
  isAdd: Type.Boolean(),
  updateTime: Time,
});
export type RelationChange = Static<typeof RelationChange>;

export const SYSMSG_TYPES = [
  'applyTeam',
  'rejectTeamApply',
  'teamInvite',
  'rejectTeamInvite',
  'applySuperTeam',
  'rejectSuperTeamApply',
  'superTeamInvite',
  'rejectSuperTeamInvite',
  'addFriend',
  'applyFriend',
  'passFriendApply',
  'rejectFriendApply',
  'deleteFriend',
  'deleteMsg',
  'deleteMsgP2pOneWay',
  'deleteMsgTeamOneWay',
  'deleteMsgSuperTeam',
  'customP2p',
  'customTeam',
  'customSuperTeam',
] as const;
export type SysMsgType = (typeof SYSMSG_TYPES)[number];
export { SYSMSG_CATEGORIES, SYSMSG_STATES } from '../vocabulary.ts';
export const SysMsgState = Type.Union(SYSMSG_STATES.map((s) => Type.Literal(s)));

/**
 * The ids of the message a recall or one-way delete notice is about (document 2's "deleted
 * message ids"): its server id, client id and send time.
 */
export const DeletedMsgIds = {
  deletedIdServer: Id,
  deletedIdClient: ClientId,
  deletedMsgTime: Time,
};

/**
 * A system message (document 2, section 3): stored ones (friend and team requests and answers,
 * stored custom ones) and the delete notices (recalls, one-way deletes), which travel with their
 * deletions. `status` and `localCustom` are the SDK's own (ClientSysMsg), never on the wire.
 */
export const SysMsg = Type.Object({
  idServer: Id,
  type: Type.Union(SYSMSG_TYPES.map((t) => Type.Literal(t))),
  category: Type.Union(SYSMSG_CATEGORIES.map((c) => Type.Literal(c))),
  from: Account,
  to: Account,
  time: Time,
  /** Who acted: the requester, the answerer, the account that recalled or deleted. */
  opeAccount: Opt(Account),
  ps: Opt(Type.String()),
  attach: Opt(Type.String()),
  /** A custom system message's content. */
  content: Opt(Type.String()),
  deletedIdServer: Opt(DeletedMsgIds.deletedIdServer),
  deletedIdClient: Opt(DeletedMsgIds.deletedIdClient),
  deletedMsgTime: Opt(DeletedMsgIds.deletedMsgTime),
  read: Type.Boolean(),
  /** init, then passed, rejected or error for requests. */
  state: SysMsgState,
});
export type SysMsg = Static<typeof SysMsg>;

/** A custom system message: delivered, not stored (unless offline delivery is asked for). */
export const CustomSysMsg = Type.Object(
  {
    scene: Type.Union([Type.Literal('p2p'), Type.Literal('team'), Type.Literal('superTeam')]),
    to: Account,
    content: Type.String({ minLength: 1, maxLength: 4096 }),
    apnsText: Opt(Type.String({ maxLength: 500 })),
    pushPayload: Opt(Type.String({ maxLength: 2048 })),
    sendToOnlineUsersOnly: Opt(Type.Boolean()),
    cc: Opt(Type.Boolean()),
    isPushable: Opt(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CustomSysMsg = Static<typeof CustomSysMsg>;

export const DeliveredCustomSysMsg = Type.Composite([
  CustomSysMsg,
  Type.Object({ from: Account, time: Time, idServer: Id, type: Type.String() }),
]);
