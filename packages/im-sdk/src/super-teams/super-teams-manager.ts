// Super teams (document 2: the team commands' twins in service 21): NIM's method names, a local
// copy of my super teams, and the 10-account limit of updateSuperTeamMembersMute.
import { ImError, LIMITS, type ReplyOf, type RequestOf, type Team } from '@morsel/protocol';
import type { Emit, OnPush, OnSyncDone, Send } from '../context.ts';
import { withDone, type Done } from '../util/done.ts';

/** The commands forwarded as they are; getSuperTeams, getSuperTeamMembers and updateInfoInSuperTeam
 * below keep the rules of their team twins. */
type Name =
  | 'createSuperTeam'
  | 'addSuperTeamMembers'
  | 'removeSuperTeamMembers'
  | 'leaveSuperTeam'
  | 'updateSuperTeamInfo'
  | 'getSuperTeam'
  | 'addSuperTeamManagers'
  | 'removeSuperTeamManagers'
  | 'transferSuperTeam'
  | 'updateSuperTeamMute'
  | 'applySuperTeam'
  | 'passSuperTeamApply'
  | 'rejectSuperTeamApply'
  | 'acceptSuperTeamInvite'
  | 'rejectSuperTeamInvite'
  | 'getMySuperTeamMembers'
  | 'getMutedSuperTeamMembers'
  | 'dismissSuperTeam'
  | 'updateNickInSuperTeam';
type Params<N extends Name> = RequestOf<N> & { done?: Done<ReplyOf<N>> };

export interface SuperTeamsContext {
  send: Send;
  onPush: OnPush;
  onSyncDone: OnSyncDone;
  emit: Emit;
}

export class SuperTeamsManager {
  private readonly mySuperTeams = new Map<string, Team>();

  constructor(private readonly context: SuperTeamsContext) {
    this.context.onPush('syncSuperTeams', ({ teams }) => {
      for (const team of teams) this.keepSuperTeam(team);
    });
    this.context.onSyncDone(() =>
      this.context.emit('onSuperTeams', [...this.mySuperTeams.values()]),
    );
    this.context.onPush('superTeamChanged', ({ team }) => {
      this.keepSuperTeam(team);
      this.context.emit('onupdatesuperteam', team);
    });
    this.context.onPush('superTeamMembersChanged', (change) =>
      this.context.emit('onupdatesuperteammembers', change),
    );
  }

  createSuperTeam(options: Params<'createSuperTeam'>) {
    return this.forward('createSuperTeam', options);
  }
  addSuperTeamMembers(options: Params<'addSuperTeamMembers'>) {
    return this.forward('addSuperTeamMembers', options);
  }
  removeSuperTeamMembers(options: Params<'removeSuperTeamMembers'>) {
    return this.forward('removeSuperTeamMembers', options);
  }
  leaveSuperTeam(options: Params<'leaveSuperTeam'>) {
    return this.forward('leaveSuperTeam', options);
  }
  updateSuperTeamInfo(options: Params<'updateSuperTeamInfo'>) {
    return this.forward('updateSuperTeamInfo', options);
  }
  getSuperTeam(options: Params<'getSuperTeam'>) {
    return this.forward('getSuperTeam', options);
  }
  addSuperTeamManagers(options: Params<'addSuperTeamManagers'>) {
    return this.forward('addSuperTeamManagers', options);
  }
  removeSuperTeamManagers(options: Params<'removeSuperTeamManagers'>) {
    return this.forward('removeSuperTeamManagers', options);
  }
  transferSuperTeam(options: Params<'transferSuperTeam'>) {
    return this.forward('transferSuperTeam', options);
  }
  updateSuperTeamMute(options: Params<'updateSuperTeamMute'>) {
    return this.forward('updateSuperTeamMute', options);
  }
  applySuperTeam(options: Params<'applySuperTeam'>) {
    return this.forward('applySuperTeam', options);
  }
  passSuperTeamApply(options: Params<'passSuperTeamApply'>) {
    return this.forward('passSuperTeamApply', options);
  }
  rejectSuperTeamApply(options: Params<'rejectSuperTeamApply'>) {
    return this.forward('rejectSuperTeamApply', options);
  }
  acceptSuperTeamInvite(options: Params<'acceptSuperTeamInvite'>) {
    return this.forward('acceptSuperTeamInvite', options);
  }
  rejectSuperTeamInvite(options: Params<'rejectSuperTeamInvite'>) {
    return this.forward('rejectSuperTeamInvite', options);
  }
  getMySuperTeamMembers(options: Params<'getMySuperTeamMembers'>) {
    return this.forward('getMySuperTeamMembers', options);
  }
  getMutedSuperTeamMembers(options: Params<'getMutedSuperTeamMembers'>) {
    return this.forward('getMutedSuperTeamMembers', options);
  }
  dismissSuperTeam(options: Params<'dismissSuperTeam'>) {
    return this.forward('dismissSuperTeam', options);
  }
  updateNickInSuperTeam(options: Params<'updateNickInSuperTeam'>) {
    return this.forward('updateNickInSuperTeam', options);
  }

  /** Mutes or unmutes up to 10 members at once. */
  updateSuperTeamMembersMute(options: {
    teamId: string;
    accounts: string[];
    mute: boolean;
    done?: Done<void>;
  }) {
    const { done, ...params } = options;
    if (
      params.accounts.length < 1 ||
      params.accounts.length > LIMITS.updateSuperTeamMembersMuteMax
    ) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            `accounts must hold 1 to ${LIMITS.updateSuperTeamMembersMuteMax} accounts`,
          ),
        ),
        done,
      );
    }
    return withDone(
      this.context.send('updateSuperTeamMembersMute', params).then(() => {}),
      done,
    );
  }

  /** My super teams; 803 from the server means I have none (as for teams). */
  getSuperTeams(options: { done?: Done<ReplyOf<'getSuperTeams'>> } = {}) {
    const work = this.context.send('getSuperTeams', {}).then(
      (reply) => {
        for (const team of reply.teams) this.keepSuperTeam(team);
        return reply;
      },
      (error: unknown) => {
        if (error instanceof ImError && error.code === 803) return { teams: [] };
        throw error;
      },
    );
    return withDone(work, options.done);
  }

  /** A super team's members; none is an empty list, never an error (406, as for teams). */
  getSuperTeamMembers(
    options: RequestOf<'getSuperTeamMembers'> & { done?: Done<ReplyOf<'getSuperTeamMembers'>> },
  ) {
    const { done, ...params } = options;
    return withDone(
      this.context.send('getSuperTeamMembers', params).then((reply) => ({
        ...reply,
        members: reply.members ?? [],
      })),
      done,
    );
  }

  /** My info in a super team; needs teamId and at least one of nickInTeam, muteTeam, muteNotiType, custom. */
  updateInfoInSuperTeam(
    options: RequestOf<'updateInfoInSuperTeam'> & {
      done?: Done<ReplyOf<'updateInfoInSuperTeam'>>;
    },
  ) {
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
    return withDone(this.context.send('updateInfoInSuperTeam', params), done);
  }

  /** Who invited these members (at most 200 accounts, as for teams). */
  getSuperTeamMemberInvitorAccid(
    options: RequestOf<'getSuperTeamMemberInvitorAccid'> & {
      done?: Done<ReplyOf<'getSuperTeamMemberInvitorAccid'>>;
    },
  ) {
    const { done, ...params } = options;
    if (
      params.accounts.length < 1 ||
      params.accounts.length > LIMITS.getTeamMemberInvitorAccidMax
    ) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            `accounts must hold 1 to ${LIMITS.getTeamMemberInvitorAccidMax} accounts`,
          ),
        ),
        done,
      );
    }
    return withDone(this.context.send('getSuperTeamMemberInvitorAccid', params), done);
  }

  getLocalSuperTeams(): Team[] {
    return [...this.mySuperTeams.values()];
  }

  private forward<N extends Name>(name: N, options: Params<N>): Promise<ReplyOf<N>> {
    const { done, ...params } = options as RequestOf<N> & { done?: Done<ReplyOf<N>> };
    return withDone(this.context.send(name, params as RequestOf<N>), done);
  }

  private keepSuperTeam(team: Team): void {
    if (team.validToCurrentUser) this.mySuperTeams.set(team.teamId, team);
    else this.mySuperTeams.delete(team.teamId);
  }
}
