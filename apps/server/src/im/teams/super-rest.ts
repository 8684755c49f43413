// NIM's super-team actions of the server REST API (/nimserver/superteam/*.action): each runs the
// super-team command a client would send, as the account the form names, so the same rights apply
// and members following the team get the same notifications (docs/im-server-api.md, "Teams").
import {
  SUPER_TEAM_MEMBERS_PAGE_MAX,
  TEAM_MANAGERS_MAX,
  TEAM_MEMBERS_MAX,
} from '@morsel/protocol/nim-rest';
import { NimError, nimAction, restSessions, type NimActions } from '../rest/index.ts';
import {
  accidsOf,
  levelOf,
  memberInfo,
  MUTE_TYPE_OF,
  teamFieldsOf,
  teamIdsOf,
  teamInfo,
  type TeamRestDeps,
} from './rest.ts';
import { TeamOps } from './ops.ts';
import { TeamStore } from './team-store.ts';

/** NIM's member types of getTlists. */
const MEMBER_TYPE = { normal: 0, owner: 1, manager: 2 } as const;

export function superTeamRestActions({ db, gateway, accounts, now }: TeamRestDeps): NimActions {
  const store = new TeamStore(db);
  const ops = new TeamOps({ db, store, gateway, now }, 'superTeam');
  const sessionOf = restSessions(accounts, now);

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'superteam/create', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.owner);
      const invited = accidsOf(form.inviteAccids, 'inviteAccids', 0, TEAM_MEMBERS_MAX - 1);
      const level = levelOf(form.tlevel, 'tlevel');
      const reply = await gateway.runAs(session, 'createSuperTeam', {
        type: 'advanced',
        ...teamFieldsOf({ ...form, custom: form.serverCustom }),
        name: form.tname,
        accounts: invited.filter((a) => a !== session.accid),
        ...(form.msg !== '' && { ps: form.msg }),
        ...(level !== undefined && { level }),
      });
      if (!reply) throw new NimError(500, 'the super team was not created');
      return { tid: reply.team.teamId };
    });

    nimAction(scope, appKeyOf, 'superteam/dismiss', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'dismissSuperTeam', {
        teamId: form.tid,
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/invite', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'addSuperTeamMembers', {
        teamId: form.tid,
        accounts: accidsOf(form.inviteAccids, 'inviteAccids', 1, TEAM_MEMBERS_MAX),
        ...(form.msg !== '' && { ps: form.msg }),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/kick', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'removeSuperTeamMembers', {
        teamId: form.tid,
        accounts: accidsOf(form.kickAccids, 'kickAccids', 1, TEAM_MEMBERS_MAX),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/leave', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.accid), 'leaveSuperTeam', {
        teamId: form.tid,
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/changeOwner', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'transferSuperTeam', {
        teamId: form.tid,
        account: form.accid,
        leave: form.leave === '1',
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/addManager', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'addSuperTeamManagers', {
        teamId: form.tid,
        accounts: accidsOf(form.managerAccids, 'managerAccids', 1, TEAM_MANAGERS_MAX),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/removeManager', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'removeSuperTeamManagers', {
        teamId: form.tid,
        accounts: accidsOf(form.managerAccids, 'managerAccids', 1, TEAM_MANAGERS_MAX),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/mute', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'updateSuperTeamMute', {
        teamId: form.tid,
        muteType: MUTE_TYPE_OF[form.muteType],
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/muteTlist', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'updateSuperTeamMembersMute', {
        teamId: form.tid,
        accounts: accidsOf(form.muteAccids, 'muteAccids', 1, TEAM_MANAGERS_MAX),
        mute: form.mute === '1',
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/updateTinfo', async ({ appKey, form }) => {
      // NIM's `serverCustom` is the team's custom field; an empty update is the command's 414.
      await gateway.runAs(await sessionOf(appKey, form.owner), 'updateSuperTeamInfo', {
        teamId: form.tid,
        ...teamFieldsOf({ ...form, custom: form.serverCustom }),
      });
      return {};
    });

    // A member's own settings, set as the member (no operator in NIM's form): the alerts switch,
    // its nick and its custom field, with the same pushes to its devices as its own change.
    nimAction(scope, appKeyOf, 'superteam/updateTlist', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.accid), 'updateInfoInSuperTeam', {
        teamId: form.tid,
        ...(form.silentType !== undefined && { muteTeam: form.silentType === '1' }),
        ...(form.nick !== undefined && { nickInTeam: form.nick }),
        ...(form.custom !== undefined && { custom: form.custom }),
      });
      return {};
    });

    // The level is not a command's field (as team/update's teamMemberLimit): the owner alone sets
    // it, never below the members the team has; members hear it as an updateTeam notification.
    nimAction(scope, appKeyOf, 'superteam/changeLevel', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.owner);
      const level = levelOf(form.tlevel, 'tlevel')!;
      const team = await store.requireTeam(appKey, form.tid, 'superTeam');
      if (team.owner !== session.accid)
        throw new NimError(802, 'only the owner may change the level');
      if (level < team.member_num) throw new NimError(414, 'tlevel is below the team size');
      await store.updateTeam(appKey, team.id, { level }, now());
      await ops.notify(session, team, 'updateTeam', { team: { level } });
      return {};
    });

    nimAction(scope, appKeyOf, 'superteam/joinTeams', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.accid);
      const teams = await store.teamsOf(appKey, session.accid, 'superTeam');
      return { count: teams.length, infos: teams.map(teamInfo) };
    });

    // The reads are the app's, without an operator (as team/query): unknown or dismissed super
    // teams are left out of getTinfos, and getTlists of one answers 803.
    nimAction(scope, appKeyOf, 'superteam/getTinfos', async ({ appKey, form }) => {
      const tinfos = [];
      for (const tid of teamIdsOf(form.tids)) {
        const team = await store.team(appKey, tid);
        if (team && team.valid === 1 && team.kind === 'superTeam') tinfos.push(teamInfo(team));
      }
      return { tinfos };
    });

    nimAction(scope, appKeyOf, 'superteam/getTlists', async ({ appKey, form }) => {
      const limit = Number(form.limit);
      if (limit > SUPER_TEAM_MEMBERS_PAGE_MAX)
        throw new NimError(414, `limit is at most ${SUPER_TEAM_MEMBERS_PAGE_MAX}`);
      const team = await store.requireTeam(appKey, form.tid, 'superTeam');
      const members = await store.membersPage(appKey, team.id, {
        timetag: Number(form.timetag),
        limit,
        newestFirst: form.reverse === '2',
      });
      return {
        tlists: members.map((m) => ({
          ...memberInfo(m),
          tid: team.id,
          type: MEMBER_TYPE[m.type],
        })),
      };
    });
  };
}
