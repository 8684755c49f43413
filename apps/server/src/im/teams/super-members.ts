// Reading a super team's members a page or a few accounts at a time (NIM's
// getSuperTeamMembersByJoinTime and getSuperTeamMembersByAccounts): a super team is too large to
// send whole to every member that wants one record. Members only, as getSuperTeamMembers.
import { MAX_MEMBERS_PAGE } from '@morsel/protocol';
import type { HandlerTable } from '../gateway/index.ts';
import type { TeamDeps } from './ops.ts';
import { toMember } from './team-store.ts';

export function superTeamMemberPages(deps: TeamDeps): HandlerTable {
  const { store } = deps;
  return {
    async getSuperTeamMembersByJoinTime({ session }, { teamId, joinTime, limit, reverse }) {
      const team = await store.requireTeam(session.appKey, teamId, 'superTeam');
      await store.requireMember(session.appKey, team, session.accid);
      // Present and past members, as NIM's; a page never splits a millisecond.
      const rows = await store.membersPage(session.appKey, team.id, {
        timetag: joinTime ?? 0,
        limit: limit ?? MAX_MEMBERS_PAGE,
        newestFirst: reverse ?? false,
        pastToo: true,
      });
      return { members: rows.map(toMember) };
    },

    async getSuperTeamMembersByAccounts({ session }, { teamId, accounts }) {
      const team = await store.requireTeam(session.appKey, teamId, 'superTeam');
      await store.requireMember(session.appKey, team, session.accid);
      const accids = [...new Set(accounts.map((a) => a.toLowerCase()))];
      const rows = await store.membersByAccounts(session.appKey, team.id, accids);
      return { members: rows.map(toMember) };
    },
  };
}
