// Services user (3), team (8), friend (12), event (14) and superTeam (21). Declared here so the
// table is whole; their handlers land with the social-graph issue and answer Not_Support until
// then.
import { Type, type TSchema } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, Accounts, Id } from './common.ts';
import { Friend, RelationChange, User, UserUpdate } from './people.ts';
import { Donnop, DonnopUpdate, PushToken } from './push-settings.ts';
import { MUTE_TYPES, Team, TeamFields, TeamMember } from './team.ts';
import {
  DeliveredEvent,
  EventType,
  PublishedEvent,
  SubscribeAccounts,
  SubscribeTime,
  Subscription,
} from './event.ts';

const TeamId = Id;
const TeamMsgRef = Params({ teamId: TeamId, idServer: Id });
const TeamMsgReads = Type.Object({
  teamId: TeamId,
  idServer: Id,
  read: Type.Integer(),
  unread: Type.Integer(),
});

/** A super-team command takes the same parameters as its team twin, in service 21. */
function twin<N extends string, T extends { request: TSchema; reply: TSchema }>(
  cid: number,
  name: N,
  of: T,
) {
  return command(21, cid, name, {
    request: of.request as T['request'],
    reply: of.reply as T['reply'],
  });
}

const socialCommandsBase = {
  updatePushToken: command(3, 1, 'updatePushToken', { request: PushToken }),
  markInBlacklist: command(3, 3, 'markInBlacklist', {
    request: Params({ account: Account, isAdd: Type.Boolean() }),
  }),
  relationChanged: push(3, 4, 'relationChanged', Params({ change: RelationChange })),
  markInMutelist: command(3, 5, 'markInMutelist', {
    request: Params({ account: Account, isAdd: Type.Boolean() }),
  }),
  getUsers: command(3, 7, 'getUsers', {
    request: Params({ accounts: Accounts(150) }),
    reply: Params({ users: Type.Array(User) }),
  }),
  getRelations: command(3, 8, 'getRelations', {
    reply: Params({ blacklist: Type.Array(Account), mutelist: Type.Array(Account) }),
  }),
  updateMyInfo: command(3, 10, 'updateMyInfo', {
    request: Params({ user: UserUpdate }),
    reply: Params({ user: User }),
  }),
  myInfoUpdated: push(3, 11, 'myInfoUpdated', Params({ user: User })),
  userUpdated: push(3, 12, 'userUpdated', Params({ user: User })),
  syncMyInfo: push(3, 13, 'syncMyInfo', Params({ user: User })),
  syncRelations: push(3, 14, 'syncRelations', Params({ changes: Type.Array(RelationChange) })),
  syncFriendUsers: push(3, 16, 'syncFriendUsers', Params({ users: Type.Array(User) })),
  updateDonnop: command(3, 15, 'updateDonnop', {
    request: Params({ donnop: DonnopUpdate }),
    reply: Params({ donnop: Donnop }),
  }),
  /** Another device of this account changed the do-not-disturb settings. */
  donnopUpdated: push(3, 17, 'donnopUpdated', Params({ donnop: Donnop })),
  syncDonnop: push(3, 18, 'syncDonnop', Params({ donnop: Donnop })),

  createTeam: command(8, 1, 'createTeam', {
    request: Params({
      type: Type.Union([Type.Literal('normal'), Type.Literal('advanced')]),
      ...TeamFields,
      name: Type.String({ minLength: 1, maxLength: 64 }),
      level: Type.Optional(Type.Integer({ minimum: 2, maximum: 2000 })),
      accounts: Type.Optional(Type.Array(Account, { maxItems: 200 })),
      ps: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
    reply: Params({ team: Team, owner: TeamMember, failedAccounts: Type.Array(Account) }),
  }),
  /** A team this account belongs to changed (or was left, dismissed...). */
  teamChanged: push(8, 4, 'teamChanged', Params({ team: Team })),
  addTeamMembers: command(8, 5, 'addTeamMembers', {
    request: Params({
      teamId: TeamId,
      accounts: Type.Array(Account, { minItems: 1, maxItems: 200 }),
      ps: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
    reply: Params({
      added: Type.Array(Account),
      invited: Type.Array(Account),
      failedAccounts: Type.Array(Account),
    }),
  }),
  removeTeamMembers: command(8, 6, 'removeTeamMembers', {
    request: Params({
      teamId: TeamId,
      accounts: Type.Array(Account, { minItems: 1, maxItems: 200 }),
    }),
  }),
  updateTeam: command(8, 7, 'updateTeam', {
    request: Params({ teamId: TeamId, ...TeamFields }),
    reply: Params({ team: Team }),
  }),
  leaveTeam: command(8, 8, 'leaveTeam', { request: Params({ teamId: TeamId }) }),
  getTeam: command(8, 9, 'getTeam', {
    request: Params({ teamId: TeamId }),
    reply: Params({ team: Team }),
  }),
  getTeams: command(8, 10, 'getTeams', { reply: Params({ teams: Type.Array(Team) }) }),
  getTeamMembers: command(8, 11, 'getTeamMembers', {
    request: Params({ teamId: TeamId }),
    reply: Params({ members: Type.Array(TeamMember) }),
  }),
  dismissTeam: command(8, 12, 'dismissTeam', { request: Params({ teamId: TeamId }) }),
  applyTeam: command(8, 13, 'applyTeam', {
    request: Params({ teamId: TeamId, ps: Type.Optional(Type.String({ maxLength: 5000 })) }),
    reply: Params({ joined: Type.Boolean() }),
  }),
  passTeamApply: command(8, 14, 'passTeamApply', {
    request: Params({ teamId: TeamId, from: Account, idServer: Type.Optional(Id) }),
  }),
  rejectTeamApply: command(8, 15, 'rejectTeamApply', {
    request: Params({
      teamId: TeamId,
      from: Account,
      idServer: Type.Optional(Id),
      ps: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
  }),
  addTeamManagers: command(8, 16, 'addTeamManagers', {
    request: Params({
      teamId: TeamId,
      accounts: Type.Array(Account, { minItems: 1, maxItems: 10 }),
    }),
  }),
  removeTeamManagers: command(8, 17, 'removeTeamManagers', {
    request: Params({
      teamId: TeamId,
      accounts: Type.Array(Account, { minItems: 1, maxItems: 10 }),
    }),
  }),
  transferTeam: command(8, 18, 'transferTeam', {
    request: Params({ teamId: TeamId, account: Account, leave: Type.Optional(Type.Boolean()) }),
  }),
  updateInfoInTeam: command(8, 19, 'updateInfoInTeam', {
    request: Params({
      teamId: TeamId,
      nickInTeam: Type.Optional(Type.String({ maxLength: 64 })),
      muteTeam: Type.Optional(Type.Boolean()),
      muteNotiType: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
      custom: Type.Optional(Type.String({ maxLength: 1024 })),
    }),
    reply: Params({ member: TeamMember }),
  }),
  updateNickInTeam: command(8, 20, 'updateNickInTeam', {
    request: Params({
      teamId: TeamId,
      account: Account,
      nickInTeam: Type.String({ maxLength: 64 }),
    }),
  }),
  acceptTeamInvite: command(8, 21, 'acceptTeamInvite', {
    request: Params({ teamId: TeamId, from: Account, idServer: Type.Optional(Id) }),
  }),
  rejectTeamInvite: command(8, 22, 'rejectTeamInvite', {
    request: Params({
      teamId: TeamId,
      from: Account,
      idServer: Type.Optional(Id),
      ps: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
  }),
  updateMuteStateInTeam: command(8, 25, 'updateMuteStateInTeam', {
    request: Params({ teamId: TeamId, account: Account, mute: Type.Boolean() }),
  }),
  getMyTeamMembers: command(8, 26, 'getMyTeamMembers', {
    request: Params({ teamIds: Type.Array(TeamId, { minItems: 1, maxItems: 100 }) }),
    reply: Params({ members: Type.Array(TeamMember) }),
  }),
  getMutedTeamMembers: command(8, 27, 'getMutedTeamMembers', {
    request: Params({ teamId: TeamId }),
    reply: Params({ members: Type.Array(TeamMember) }),
  }),
  sendTeamMsgReceipt: command(8, 28, 'sendTeamMsgReceipt', {
    request: Params({ teamMsgReceipts: Type.Array(TeamMsgRef, { minItems: 1, maxItems: 50 }) }),
  }),
  getTeamMsgReads: command(8, 29, 'getTeamMsgReads', {
    request: Params({ teamMsgReceipts: Type.Array(TeamMsgRef, { minItems: 1, maxItems: 50 }) }),
    reply: Params({ reads: Type.Array(TeamMsgReads) }),
  }),
  getTeamMsgReadAccounts: command(8, 30, 'getTeamMsgReadAccounts', {
    request: Params({ teamMsgReceipt: TeamMsgRef }),
    reply: Params({ readAccounts: Type.Array(Account), unreadAccounts: Type.Array(Account) }),
  }),
  teamMsgReceipt: push(8, 37, 'teamMsgReceipt', Params({ reads: Type.Array(TeamMsgReads) })),
  muteTeamAll: command(8, 31, 'muteTeamAll', {
    request: Params({
      teamId: TeamId,
      muteType: Type.Union(MUTE_TYPES.map((m) => Type.Literal(m))),
    }),
  }),
  getTeamMemberInvitorAccid: command(8, 32, 'getTeamMemberInvitorAccid', {
    request: Params({ teamId: TeamId, accounts: Accounts(200) }),
    reply: Params({ invitors: Type.Record(Type.String(), Type.String()) }),
  }),
  /** Members of a team changed (joined, left, roles, mutes). */
  teamMembersChanged: push(
    8,
    34,
    'teamMembersChanged',
    Params({ teamId: TeamId, members: Type.Array(TeamMember), removed: Type.Array(Account) }),
  ),
  syncTeams: push(8, 35, 'syncTeams', Params({ teams: Type.Array(Team) })),
  syncMyTeamMembers: push(8, 36, 'syncMyTeamMembers', Params({ members: Type.Array(TeamMember) })),

  friendRequest: command(12, 1, 'friendRequest', {
    request: Params({
      account: Account,
      type: Type.Integer({ minimum: 1, maximum: 4 }),
      ps: Type.Optional(Type.String({ maxLength: 5000 })),
      idServer: Type.Optional(Id),
    }),
  }),
  deleteFriend: command(12, 2, 'deleteFriend', {
    request: Params({ account: Account, delAlias: Type.Optional(Type.Boolean()) }),
  }),
  updateFriend: command(12, 3, 'updateFriend', {
    request: Params({
      account: Account,
      alias: Type.Optional(Type.String({ maxLength: 64 })),
      custom: Type.Optional(Type.String({ maxLength: 1024 })),
    }),
  }),
  getFriends: command(12, 4, 'getFriends', { reply: Params({ friends: Type.Array(Friend) }) }),
  /** Another device of this account, or the other side, changed a friendship. */
  friendChanged: push(
    12,
    5,
    'friendChanged',
    Params({
      action: Type.Union([
        Type.Literal('addFriend'),
        Type.Literal('passFriendApply'),
        Type.Literal('deleteFriend'),
        Type.Literal('updateFriend'),
      ]),
      friend: Friend,
    }),
  ),
  syncFriends: push(12, 6, 'syncFriends', Params({ friends: Type.Array(Friend) })),

  publishEvent: command(14, 1, 'publishEvent', {
    request: Params({ event: PublishedEvent }),
    reply: Params({ event: DeliveredEvent }),
  }),
  pushEvent: push(14, 2, 'pushEvent', Params({ event: DeliveredEvent })),
  subscribeEvent: command(14, 3, 'subscribeEvent', {
    request: Params({
      type: EventType,
      accounts: SubscribeAccounts,
      subscribeTime: Type.Optional(SubscribeTime),
      sync: Type.Optional(Type.Boolean()),
    }),
    reply: Params({ failedAccounts: Type.Array(Account), events: Type.Array(DeliveredEvent) }),
  }),
  unSubscribeEventsByAccounts: command(14, 4, 'unSubscribeEventsByAccounts', {
    request: Params({ type: EventType, accounts: SubscribeAccounts }),
  }),
  unSubscribeEventsByType: command(14, 5, 'unSubscribeEventsByType', {
    request: Params({ type: EventType }),
  }),
  querySubscribeEventsByAccounts: command(14, 6, 'querySubscribeEventsByAccounts', {
    request: Params({ type: EventType, accounts: SubscribeAccounts }),
    reply: Params({ subscriptions: Type.Array(Subscription) }),
  }),
  querySubscribeEventsByType: command(14, 7, 'querySubscribeEventsByType', {
    request: Params({ type: EventType }),
    reply: Params({ subscriptions: Type.Array(Subscription) }),
  }),
  pushEvents: push(14, 9, 'pushEvents', Params({ events: Type.Array(DeliveredEvent) })),
};

export const socialCommands = { ...socialCommandsBase, ...superTeamCommands() };

/** Service 21: super teams, the team commands' twins (document 2 lists them together). */
function superTeamCommands() {
  const t = socialCommandsBase;
  return {
    createSuperTeam: twin(1, 'createSuperTeam', t.createTeam),
    addSuperTeamMembers: twin(5, 'addSuperTeamMembers', t.addTeamMembers),
    removeSuperTeamMembers: twin(6, 'removeSuperTeamMembers', t.removeTeamMembers),
    leaveSuperTeam: twin(7, 'leaveSuperTeam', t.leaveTeam),
    updateSuperTeamInfo: twin(8, 'updateSuperTeamInfo', t.updateTeam),
    getSuperTeam: twin(9, 'getSuperTeam', t.getTeam),
    getSuperTeams: twin(10, 'getSuperTeams', t.getTeams),
    getSuperTeamMembers: twin(11, 'getSuperTeamMembers', t.getTeamMembers),
    updateInfoInSuperTeam: twin(12, 'updateInfoInSuperTeam', t.updateInfoInTeam),
    addSuperTeamManagers: twin(13, 'addSuperTeamManagers', t.addTeamManagers),
    removeSuperTeamManagers: twin(14, 'removeSuperTeamManagers', t.removeTeamManagers),
    transferSuperTeam: twin(15, 'transferSuperTeam', t.transferTeam),
    updateSuperTeamMute: twin(16, 'updateSuperTeamMute', t.muteTeamAll),
    updateSuperTeamMembersMute: command(21, 17, 'updateSuperTeamMembersMute', {
      request: Params({ teamId: TeamId, accounts: Accounts(10), mute: Type.Boolean() }),
    }),
    applySuperTeam: twin(18, 'applySuperTeam', t.applyTeam),
    passSuperTeamApply: twin(19, 'passSuperTeamApply', t.passTeamApply),
    rejectSuperTeamApply: twin(20, 'rejectSuperTeamApply', t.rejectTeamApply),
    acceptSuperTeamInvite: twin(21, 'acceptSuperTeamInvite', t.acceptTeamInvite),
    rejectSuperTeamInvite: twin(22, 'rejectSuperTeamInvite', t.rejectTeamInvite),
    getMySuperTeamMembers: twin(23, 'getMySuperTeamMembers', t.getMyTeamMembers),
    getMutedSuperTeamMembers: twin(24, 'getMutedSuperTeamMembers', t.getMutedTeamMembers),
    dismissSuperTeam: twin(28, 'dismissSuperTeam', t.dismissTeam),
    updateNickInSuperTeam: twin(29, 'updateNickInSuperTeam', t.updateNickInTeam),
    getSuperTeamMemberInvitorAccid: twin(
      30,
      'getSuperTeamMemberInvitorAccid',
      t.getTeamMemberInvitorAccid,
    ),
    syncSuperTeams: push(21, 35, 'syncSuperTeams', Params({ teams: Type.Array(Team) })),
    superTeamChanged: push(21, 36, 'superTeamChanged', Params({ team: Team })),
    superTeamMembersChanged: push(
      21,
      37,
      'superTeamMembersChanged',
      Params({ teamId: TeamId, members: Type.Array(TeamMember), removed: Type.Array(Account) }),
    ),
    syncMySuperTeamMembers: push(
      21,
      38,
      'syncMySuperTeamMembers',
      Params({ members: Type.Array(TeamMember) }),
    ),
  };
}
