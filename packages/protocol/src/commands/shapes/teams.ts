// Teams and their members as they travel (document 2, section 3 "Team and super team", "Team
// member"), with the modes and defaults of its table.
import { Type, type Static } from '@sinclair/typebox';
import { Account, Id, Time } from '../common.ts';

const Opt = Type.Optional;
const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v)));

export const TEAM_TYPES = ['normal', 'advanced'] as const;
export const JOIN_MODES = ['noVerify', 'needVerify', 'rejectAll'] as const;
export const BE_INVITE_MODES = ['needVerify', 'noVerify'] as const;
export const MANAGER_OR_ALL = ['manager', 'all'] as const;
export const MUTE_TYPES = ['none', 'normal', 'all'] as const;
export const MEMBER_TYPES = ['normal', 'owner', 'manager'] as const;

/** Defaults of document 2's table (joinMode's is not stated there: we take needVerify). */
export const TEAM_DEFAULTS = {
  joinMode: 'needVerify',
  beInviteMode: 'needVerify',
  inviteMode: 'manager',
  updateTeamMode: 'manager',
  updateCustomMode: 'manager',
  level: 200,
} as const;

/** Fields an owner or manager may change (and create a team with). */
export const TeamFields = {
  name: Opt(Type.String({ minLength: 1, maxLength: 64 })),
  avatar: Opt(Type.String({ maxLength: 1024 })),
  intro: Opt(Type.String({ maxLength: 512 })),
  announcement: Opt(Type.String({ maxLength: 1024 })),
  custom: Opt(Type.String({ maxLength: 4096 })),
  joinMode: Opt(literals(JOIN_MODES)),
  beInviteMode: Opt(literals(BE_INVITE_MODES)),
  inviteMode: Opt(literals(MANAGER_OR_ALL)),
  updateTeamMode: Opt(literals(MANAGER_OR_ALL)),
  updateCustomMode: Opt(literals(MANAGER_OR_ALL)),
};

export const Team = Type.Object({
  teamId: Id,
  type: literals(TEAM_TYPES),
  owner: Account,
  level: Type.Integer(),
  name: Type.String(),
  avatar: Type.String(),
  intro: Type.String(),
  announcement: Type.String(),
  custom: Type.String(),
  joinMode: literals(JOIN_MODES),
  beInviteMode: literals(BE_INVITE_MODES),
  inviteMode: literals(MANAGER_OR_ALL),
  updateTeamMode: literals(MANAGER_OR_ALL),
  updateCustomMode: literals(MANAGER_OR_ALL),
  mute: Type.Boolean(),
  muteType: literals(MUTE_TYPES),
  memberNum: Type.Integer(),
  memberUpdateTime: Time,
  createTime: Time,
  updateTime: Time,
  valid: Type.Boolean(),
  /** False once this account has left or been removed. */
  validToCurrentUser: Type.Boolean(),
});
export type Team = Static<typeof Team>;

export const TeamMember = Type.Object({
  id: Type.String(),
  teamId: Id,
  account: Account,
  type: literals(MEMBER_TYPES),
  nickInTeam: Type.String(),
  muteTeam: Type.Boolean(),
  muteNotiType: Type.Integer(),
  mute: Type.Boolean(),
  joinTime: Time,
  updateTime: Time,
  active: Type.Boolean(),
  valid: Type.Boolean(),
  custom: Type.String(),
  invitorAccid: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;

/** Team notification ids of document 2 (0 to 10), carried in notification messages (type 5). */
export const TEAM_NOTIFICATIONS = {
  addTeamMembers: 0,
  kickTeamMembers: 1,
  leaveTeam: 2,
  updateTeam: 3,
  dismissTeam: 4,
  passTeamApply: 5,
  transferTeam: 6,
  addTeamManagers: 7,
  removeTeamManagers: 8,
  acceptTeamInvite: 9,
  updateTeamMute: 10,
} as const;
export type TeamNotification = keyof typeof TEAM_NOTIFICATIONS;

/** The most members one page of getSuperTeamMembersByJoinTime holds (NIM's default page). */
export const MAX_MEMBERS_PAGE = 100;
