// Super teams (document 2: the team commands' twins in service 21): NIM's method names, a local
// copy of my super teams, and the 10-account limit of updateSuperTeamMembersMute.
import { ImError, LIMITS, type ReplyOf, type RequestOf, type Team } from '@morsel/protocol';
import type { NimCore } from '../core.ts';
import { withDone, type Done } from '../util/done.ts';
import type { Constructor } from './mixin.ts';

// Forwarded as they are; getSuperTeams, getSuperTeamMembers and updateInfoInSuperTeam below keep
// the rules of their team twins.
const commands = [
  'createSuperTeam',
  'addSuperTeamMembers',
  'removeSuperTeamMembers',
  'leaveSuperTeam',
  'updateSuperTeamInfo',
  'getSuperTeam',
  'addSuperTeamManagers',
  'removeSuperTeamManagers',
  'transferSuperTeam',
  'updateSuperTeamMute',
  'applySuperTeam',
  'passSuperTeamApply',
  'rejectSuperTeamApply',
  'acceptSuperTeamInvite',
  'rejectSuperTeamInvite',
  'getMySuperTeamMembers',
  'getMutedSuperTeamMembers',
  'dismissSuperTeam',
  'updateNickInSuperTeam',
] as const;
type Name = (typeof commands)[number];
type Call<N extends Name> = (
  options: RequestOf<N> & { done?: Done<ReplyOf<N>> },
) => Promise<ReplyOf<N>>;

export function SuperTeamsApi<TBase extends Constructor<NimCore>>(Base: TBase) {
  class SuperTeams extends Base {
    private readonly mySuperTeams = new Map<string, Team>();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.onPush('syncSuperTeams', ({ teams }) => {
        for (const team of teams) this.keepSuperTeam(team);
      });
      this.onSyncDone(() => this.options.onSuperTeams?.([...this.mySuperTeams.values()]));
      this.onPush('superTeamChanged', ({ team }) => {
        this.keepSuperTeam(team);
        this.options.onupdatesuperteam?.(team);
      });
      this.onPush('superTeamMembersChanged', (change) =>
        this.options.onupdatesuperteammembers?.(change),
      );
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
        this.sendCmd('updateSuperTeamMembersMute', params).then(() => {}),
        done,
      );
    }

    /** My super teams; 803 from the server means I have none (as for teams). */
    getSuperTeams(options: { done?: Done<ReplyOf<'getSuperTeams'>> } = {}) {
      const work = this.sendCmd('getSuperTeams', {}).then(
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
        this.sendCmd('getSuperTeamMembers', params).then((reply) => ({
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
      return withDone(this.sendCmd('updateInfoInSuperTeam', params), done);
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
      return withDone(this.sendCmd('getSuperTeamMemberInvitorAccid', params), done);
    }

    getLocalSuperTeams(): Team[] {
      return [...this.mySuperTeams.values()];
    }

    protected callSuperTeam<N extends Name>(
      name: N,
      options: RequestOf<N> & { done?: Done<ReplyOf<N>> },
    ): Promise<ReplyOf<N>> {
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
