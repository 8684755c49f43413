// Teams (document 2: Team, Team member, section 6 roles): NIM's method names over the team
// commands, a local copy of my teams kept in step by the sync and by pushes, and the quirks the
// spec names (803 on the team list means no teams, 406 on members means none, team-member sync
// is deprecated).
import {
  ImError,
  LIMITS,
  type ReplyOf,
  type RequestOf,
  type Team,
  type TeamMember,
} from '@morsel/protocol';
import type { Emit, OnPush, OnSyncDone, Send } from '../context.ts';
import { withDone, type Done } from '../util/done.ts';

type Params<N extends keyof typeof commands> = RequestOf<(typeof commands)[N]> & {
  done?: Done<ReplyOf<(typeof commands)[N]>>;
};

/** SDK method name -> command name, for the commands that need nothing but forwarding. */
const commands = {
  createTeam: 'createTeam',
  updateTeam: 'updateTeam',
  addTeamMembers: 'addTeamMembers',
  removeTeamMembers: 'removeTeamMembers',
  leaveTeam: 'leaveTeam',
  dismissTeam: 'dismissTeam',
  applyTeam: 'applyTeam',
  passTeamApply: 'passTeamApply',
  rejectTeamApply: 'rejectTeamApply',
  acceptTeamInvite: 'acceptTeamInvite',
  rejectTeamInvite: 'rejectTeamInvite',
  addTeamManagers: 'addTeamManagers',
  removeTeamManagers: 'removeTeamManagers',
  transferTeam: 'transferTeam',
  updateNickInTeam: 'updateNickInTeam',
  updateMuteStateInTeam: 'updateMuteStateInTeam',
  muteTeamAll: 'muteTeamAll',
  getMutedTeamMembers: 'getMutedTeamMembers',
  getMyTeamMembers: 'getMyTeamMembers',
} as const;

export interface TeamsContext {
  readonly account: string;
  send: Send;
  onPush: OnPush;
  onSyncDone: OnSyncDone;
  emit: Emit;
}

export class TeamsManager {
  private readonly myTeams = new Map<string, Team>();
  private readonly myTeamMembers = new Map<string, TeamMember>();

  constructor(private readonly context: TeamsContext) {
    this.context.onPush('syncTeams', ({ teams }) => {
      for (const team of teams) this.keepTeam(team);
    });
    this.context.onPush('syncMyTeamMembers', ({ members }) => {
      for (const member of members) this.myTeamMembers.set(member.teamId, member);
    });
    this.context.onSyncDone(() => this.context.emit('onteams', [...this.myTeams.values()]));
    this.context.onPush('teamChanged', ({ team }) => {
      this.keepTeam(team);
      this.context.emit('onupdateteam', team);
    });
    this.context.onPush('teamMsgReceipt', ({ reads }) =>
      this.context.emit('onTeamMsgReceipt', reads),
    );
    this.context.onPush('teamMembersChanged', (change) => {
      for (const member of change.members)
        if (member.account === this.context.account) this.myTeamMembers.set(member.teamId, member);
      this.context.emit('onupdateteammembers', change);
    });
  }

  createTeam(options: Params<'createTeam'>) {
    return this.forward('createTeam', options);
  }
  updateTeam(options: Params<'updateTeam'>) {
    return this.forward('updateTeam', options);
  }
  addTeamMembers(options: Params<'addTeamMembers'>) {
    return this.forward('addTeamMembers', options);
  }
  removeTeamMembers(options: Params<'removeTeamMembers'>) {
    return this.forward('removeTeamMembers', options);
  }
  leaveTeam(options: Params<'leaveTeam'>) {
    return this.forward('leaveTeam', options);
  }
  dismissTeam(options: Params<'dismissTeam'>) {
    return this.forward('dismissTeam', options);
  }
  applyTeam(options: Params<'applyTeam'>) {
    return this.forward('applyTeam', options);
  }
  passTeamApply(options: Params<'passTeamApply'>) {
    return this.forward('passTeamApply', options);
  }
  rejectTeamApply(options: Params<'rejectTeamApply'>) {
    return this.forward('rejectTeamApply', options);
  }
  acceptTeamInvite(options: Params<'acceptTeamInvite'>) {
    return this.forward('acceptTeamInvite', options);
  }
  rejectTeamInvite(options: Params<'rejectTeamInvite'>) {
    return this.forward('rejectTeamInvite', options);
  }
  addTeamManagers(options: Params<'addTeamManagers'>) {
    return this.forward('addTeamManagers', options);
  }
  removeTeamManagers(options: Params<'removeTeamManagers'>) {
    return this.forward('removeTeamManagers', options);
  }
  transferTeam(options: Params<'transferTeam'>) {
    return this.forward('transferTeam', options);
  }
  updateNickInTeam(options: Params<'updateNickInTeam'>) {
    return this.forward('updateNickInTeam', options);
  }
  updateMuteStateInTeam(options: Params<'updateMuteStateInTeam'>) {
    return this.forward('updateMuteStateInTeam', options);
  }
  muteTeamAll(options: Params<'muteTeamAll'>) {
    return this.forward('muteTeamAll', options);
  }
  getMutedTeamMembers(options: Params<'getMutedTeamMembers'>) {
    return this.forward('getMutedTeamMembers', options);
  }
  getMyTeamMembers(options: Params<'getMyTeamMembers'>) {
    return this.forward('getMyTeamMembers', options);
  }

  /** My info in a team; needs teamId and at least one of nickInTeam, muteTeam, muteNotiType, custom. */
  updateInfoInTeam(options: RequestOf<'updateInfoInTeam'> & { done?: Done<TeamMember> }) {
    const { done, ...params } = options;
    if (
      params.nickInTeam === undefined &&
      params.muteTeam === undefined &&
      params.muteNotiType === undefined &&
      params.custom === undefined
    ) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            'member update requires teamId and at least one of nickInTeam, muteTeam, muteNotiType, custom',
          ),
        ),
        done,
      );
    }
    return withDone(
      this.context.send('updateInfoInTeam', params).then(({ member }) => member),
      done,
    );
  }

  getTeam(options: { teamId: string; done?: Done<Team> }) {
    return withDone(
      this.context
        .send('getTeam', { teamId: options.teamId })
        .then(({ team }) => this.keepTeam(team)),
      options.done,
    );
  }

  /** My teams; 803 from the server means I have none. */
  getTeams(options: { done?: Done<Team[]> } = {}) {
    const work = this.context.send('getTeams', {}).then(
      ({ teams }) => teams.map((team) => this.keepTeam(team)),
      (error: unknown) => {
        if (error instanceof ImError && error.code === 803) return [];
        throw error;
      },
    );
    return withDone(work, options.done);
  }

  /** A team's members; 406 from the server means none. */
  getTeamMembers(options: { teamId: string; done?: Done<TeamMember[]> }) {
    const work = this.context
      .send('getTeamMembers', { teamId: options.teamId })
      .then(({ members }) => members ?? []);
    return withDone(work, options.done);
  }

  getTeamMemberInvitorAccid(options: {
    teamId: string;
    accounts: string[];
    done?: Done<Record<string, string>>;
  }) {
    if (
      options.accounts.length < 1 ||
      options.accounts.length > LIMITS.getTeamMemberInvitorAccidMax
    ) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            `accounts must hold 1 to ${LIMITS.getTeamMemberInvitorAccidMax} accounts`,
          ),
        ),
        options.done,
      );
    }
    return withDone(
      this.context
        .send('getTeamMemberInvitorAccid', {
          teamId: options.teamId,
          accounts: options.accounts,
        })
        .then(({ invitors }) => invitors),
      options.done,
    );
  }

  getLocalTeams(): Team[] {
    return [...this.myTeams.values()];
  }

  getLocalTeamMember(teamId: string): TeamMember | undefined {
    return this.myTeamMembers.get(teamId);
  }

  /** Tells the senders that I read these team messages (sent with needMsgReceipt). */
  sendTeamMsgReceipt(options: {
    teamMsgReceipts: { teamId: string; idServer: string }[];
    done?: Done<void>;
  }) {
    return withDone(
      this.context
        .send('sendTeamMsgReceipt', { teamMsgReceipts: options.teamMsgReceipts })
        .then(() => {}),
      options.done,
    );
  }

  getTeamMsgReads(options: {
    teamMsgReceipts: { teamId: string; idServer: string }[];
    done?: Done<ReplyOf<'getTeamMsgReads'>['reads']>;
  }) {
    return withDone(
      this.context
        .send('getTeamMsgReads', { teamMsgReceipts: options.teamMsgReceipts })
        .then((r) => r.reads),
      options.done,
    );
  }

  getTeamMsgReadAccounts(options: {
    teamMsgReceipt: { teamId: string; idServer: string };
    done?: Done<ReplyOf<'getTeamMsgReadAccounts'>>;
  }) {
    return withDone(
      this.context.send('getTeamMsgReadAccounts', { teamMsgReceipt: options.teamMsgReceipt }),
      options.done,
    );
  }

  /** Deprecated by NIM: team members are fetched with getTeamMembers. */
  syncTeamMembers(): never {
    throw new ImError(
      'SYNC_TEAM_MEMBERS_ERROR',
      'team-member sync is deprecated: use getTeamMembers',
    );
  }

  private forward<N extends keyof typeof commands>(name: N, options: Params<N>) {
    const { done, ...params } = options as Params<N> & { done?: Done<unknown> };
    return withDone(this.context.send(commands[name], params as never), done as never) as Promise<
      ReplyOf<(typeof commands)[N]>
    >;
  }

  private keepTeam(team: Team): Team {
    if (team.validToCurrentUser) this.myTeams.set(team.teamId, team);
    else this.myTeams.delete(team.teamId);
    return team;
  }
}
