// Teams and super teams: services team (8) and superTeam (21), the super-team commands being the
// team commands' twins. Shapes: shapes/teams.ts.
import { Type, type TSchema } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, Accounts, Id, Time } from './common.ts';
import { MAX_MEMBERS_PAGE, MUTE_TYPES, Team, TeamFields, TeamMember } from './shapes/teams.ts';

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

const teamCommandsBase = {
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
};

export const teamsCommands = { ...teamCommandsBase, ...superTeamCommands() };

/** Service 21: super teams, the team commands' twins (document 2 lists them together). */
function superTeamCommands() {
  const t = teamCommandsBase;
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
    /**
     * A page of a super team's members by join time (NIM's getSuperTeamMembersByJoinTime): those
     * who joined after `joinTime` (0: from the first), oldest first, or with `reverse` before it,
     * newest first. Members who left are included with `valid: false`, as NIM lists them.
     */
    getSuperTeamMembersByJoinTime: command(21, 32, 'getSuperTeamMembersByJoinTime', {
      request: Params({
        teamId: TeamId,
        joinTime: Type.Optional(Time),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MEMBERS_PAGE })),
        reverse: Type.Optional(Type.Boolean()),
      }),
      reply: Params({ members: Type.Array(TeamMember) }),
    }),
    /** Some accounts' records in a super team (at most 20, as NIM's SDK allows); unknown left out. */
    getSuperTeamMembersByAccounts: command(21, 33, 'getSuperTeamMembersByAccounts', {
      request: Params({ teamId: TeamId, accounts: Accounts(20) }),
      reply: Params({ members: Type.Array(TeamMember) }),
    }),
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
