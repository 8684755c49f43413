// Super teams (document 2: the team commands' twins in service 21): NIM's method names, a local
// copy of my super teams, and the 10-account limit of updateSuperTeamMembersMute.
import { ImError, LIMITS, type ReplyOf, type RequestOf, type Team, type TeamMember } from '@morsel/protocol';
import type { NimCore } from '../core.ts';
import { withDone, type Done } from '../util/done.ts';
import type { Constructor } from './mixin.ts';

const commands = [
  'createSuperTeam', 'addSuperTeamMembers', 'removeSuperTeamMembers', 'leaveSuperTeam', 'updateSuperTeamInfo', 'getSuperTeam',
  'getSuperTeams', 'getSuperTeamMembers', 'updateInfoInSuperTeam', 'addSuperTeamManagers', 'removeSuperTeamManagers',
  'transferSuperTeam', 'updateSuperTeamMute', 'applySuperTeam', 'passSuperTeamApply', 'rejectSuperTeamApply',
  'acceptSuperTeamInvite', 'rejectSuperTeamInvite', 'getMySuperTeamMembers', 'getMutedSuperTeamMembers',
] as const;
type Name = (typeof commands)[number];
type Call<N extends Name> = (options: RequestOf<N> & { done?: Done<ReplyOf<N>> }) => Promise<ReplyOf<N>>;

export function SuperTeamsApi<TBase extends Constructor<NimCore>>(Base: TBase) {
  class SuperTeams extends Base {
    private readonly mySuperTeams = new Map<string, Team>();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.onPush('syncSuperTeams', ({ teams }) => {
        for (const team of teams as Team[]) this.keepSuperTeam(team);
      });
      this.onSyncDone(() => this.options.onSuperTeams?.([...this.mySuperTeams.values()]));
      this.onPush('superTeamChanged', ({ team }) => {
        this.keepSuperTeam(team as Team);
        this.options.onupdatesuperteam?.(team as Team);
      });
      this.onPush('superTeamMembersChanged', (change) =>
        this.options.onupdatesuperteammembers?.(change as { teamId: string; members: TeamMember[]; removed: string[] }),
      );
    }

    /** Mutes or unmutes up to 10 members at once. */
    updateSuperTeamMembersMute(options: { teamId: string; accounts: string[]; mute: boolean; done?: Done<void> }) {
      const { done, ...params } = options;
      if (params.accounts.length < 1 || params.accounts.length > LIMITS.updateSuperTeamMembersMuteMax) {
        return withDone(Promise.reject(new ImError('Param_Error', `accounts must hold 1 to ${LIMITS.updateSuperTeamMembersMuteMax} accounts`)), done);
      }
      return withDone(this.sendCmd('updateSuperTeamMembersMute', params).then(() => {}), done);
    }

    getLocalSuperTeams(): Team[] {
      return [...this.mySuperTeams.values()];
    }

    protected callSuperTeam<N extends Name>(name: N, options: RequestOf<N> & { done?: Done<ReplyOf<N>> }): Promise<ReplyOf<N>> {
      const { done, ...params } = options as RequestOf<N> & { done?: Done<ReplyOf<N>> };
      return withDone(this.sendCmd(name, params as RequestOf<N>), done);
    }

    private keepSuperTeam(team: Team): void {
      if (team.validToCurrentUser) this.mySuperTeams.set(team.teamId, team);
      else this.mySuperTeams.delete(team.teamId);
    }
  }
  for (const name of commands) {
    Object.defineProperty(SuperTeams.prototype, name, {
      value(this: SuperTeams, options: RequestOf<Name> & { done?: Done<never> }) {
        return this.callSuperTeam(name, options as never);
      },
      writable: true,
      configurable: true,
    });
  }
  return SuperTeams as typeof SuperTeams & Constructor<{ [N in Name]: Call<N> }>;
}
