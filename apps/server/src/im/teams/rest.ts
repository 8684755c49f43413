// NIM's team actions of the server REST API (/nimserver/team/*.action). Each change runs the team
// command a client would send, as the account the form names (`owner`, or the member itself), so
// the same rights apply and online members get the same notifications and pushes. Two things are
// the server API's own, as in NIM: `magree=0` adds members without asking them (an app backend
// acts for the app), and the reads (query, queryDetail, joinTeams) need no operator.
import type { Kysely } from 'kysely';
import { TEAM_MANAGERS_MAX, TEAM_MEMBERS_MAX, TEAM_QUERY_MAX } from '@morsel/protocol/nim-rest';
import type { Database } from '../../store/index.ts';
import type { ImAccounts } from '../accounts/index.ts';
import type { Gateway, Session } from '../gateway/index.ts';
import { NimError, nimAction, restSessions, type NimActions } from '../rest/index.ts';
import { requireMode, TeamOps } from './ops.ts';
import { TeamStore, type MemberRow, type TeamRow } from './team-store.ts';

export interface TeamRestDeps {
  db: Kysely<Database>;
  gateway: Gateway;
  accounts: ImAccounts;
  now: () => number;
}

const JOIN_MODE = { noVerify: 0, needVerify: 1, rejectAll: 2 } as const;
const BE_INVITE_MODE = { needVerify: 0, noVerify: 1 } as const;
const WHO_MAY = { manager: 0, all: 1 } as const;
const MUTE_TYPE = { none: 0, normal: 1, all: 3 } as const;

const JOIN_MODE_OF = ['noVerify', 'needVerify', 'rejectAll'] as const;
const BE_INVITE_MODE_OF = ['needVerify', 'noVerify'] as const;
const WHO_MAY_OF = ['manager', 'all'] as const;
export const MUTE_TYPE_OF = { '0': 'none', '1': 'normal', '3': 'all' } as const;

/** A form's JSON array of accids (414 naming the field otherwise), lower-cased, deduplicated. */
export function accidsOf(text: string, field: string, min: number, max: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NimError(414, `${field} must be a JSON array`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length < min ||
    parsed.length > max ||
    !parsed.every((a) => typeof a === 'string' && /^[A-Za-z0-9_.@-]{1,32}$/.test(a))
  )
    throw new NimError(414, `${field} must be a JSON array of ${min} to ${max} accids`);
  return [...new Set((parsed as string[]).map((a) => a.toLowerCase()))];
}

export function teamIdsOf(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NimError(414, 'tids must be a JSON array');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    parsed.length > TEAM_QUERY_MAX ||
    !parsed.every((t) => /^[0-9]{1,15}$/.test(String(t)))
  )
    throw new NimError(414, `tids must be a JSON array of 1 to ${TEAM_QUERY_MAX} team ids`);
  return [...new Set(parsed.map(String))];
}

export function teamInfo(team: TeamRow) {
  return {
    tid: team.id,
    tname: team.name,
    owner: team.owner,
    icon: team.avatar,
    announcement: team.announcement,
    intro: team.intro,
    custom: team.custom,
    maxusers: team.level,
    size: team.member_num,
    joinmode: JOIN_MODE[team.join_mode as keyof typeof JOIN_MODE],
    beinvitemode: BE_INVITE_MODE[team.be_invite_mode as keyof typeof BE_INVITE_MODE],
    invitemode: WHO_MAY[team.invite_mode as keyof typeof WHO_MAY],
    uptinfomode: WHO_MAY[team.update_team_mode as keyof typeof WHO_MAY],
    upcustommode: WHO_MAY[team.update_custom_mode as keyof typeof WHO_MAY],
    mute: team.mute_type !== 'none',
    muteType: MUTE_TYPE[team.mute_type as keyof typeof MUTE_TYPE],
    createtime: Number(team.created_at),
    updatetime: Number(team.updated_at),
  };
}

export function memberInfo(member: MemberRow) {
  return {
    accid: member.accid,
    nick: member.nick_in_team,
    custom: member.custom,
    mute: member.mute === 1,
    createtime: Number(member.join_time),
    updatetime: Number(member.updated_at),
  };
}

/** The team's fields of a create or update form, in the team command's terms. */
export function teamFieldsOf(form: {
  tname?: string;
  announcement?: string;
  intro?: string;
  custom?: string;
  icon?: string;
  joinmode?: '0' | '1' | '2';
  beinvitemode?: '0' | '1';
  invitemode?: '0' | '1';
  uptinfomode?: '0' | '1';
  upcustommode?: '0' | '1';
}) {
  return {
    ...(form.tname !== undefined && { name: form.tname }),
    ...(form.announcement !== undefined && { announcement: form.announcement }),
    ...(form.intro !== undefined && { intro: form.intro }),
    ...(form.custom !== undefined && { custom: form.custom }),
    ...(form.icon !== undefined && { avatar: form.icon }),
    ...(form.joinmode !== undefined && { joinMode: JOIN_MODE_OF[Number(form.joinmode)]! }),
    ...(form.beinvitemode !== undefined && {
      beInviteMode: BE_INVITE_MODE_OF[Number(form.beinvitemode)]!,
    }),
    ...(form.invitemode !== undefined && { inviteMode: WHO_MAY_OF[Number(form.invitemode)]! }),
    ...(form.uptinfomode !== undefined && {
      updateTeamMode: WHO_MAY_OF[Number(form.uptinfomode)]!,
    }),
    ...(form.upcustommode !== undefined && {
      updateCustomMode: WHO_MAY_OF[Number(form.upcustommode)]!,
    }),
  };
}

/** A team's member limit from the form's `field` (2 to 2000, the team command's range). */
export function levelOf(limit: string | undefined, field: string): number | undefined {
  if (limit === undefined) return undefined;
  const level = Number(limit);
  if (level < 2 || level > 2000) throw new NimError(414, `${field} must be 2 to 2000`);
  return level;
}

export function teamRestActions({ db, gateway, accounts, now }: TeamRestDeps): NimActions {
  const store = new TeamStore(db);
  const deps = { db, store, gateway, now };
  const ops = new TeamOps(deps, 'team');
  const sessionOf = restSessions(accounts, now);

  /** NIM's server API adds without asking (magree=0): who fitted joins, the rest are named. */
  async function addAtOnce(session: Session, team: TeamRow, wanted: string[]) {
    const exist = await store.existingAccounts(session.appKey, wanted);
    const current = new Set((await store.members(session.appKey, team.id)).map((m) => m.accid));
    const newcomers = exist.filter((a) => !current.has(a));
    const { admitted, overflow } = await store.admitMembers(
      session.appKey,
      team.id,
      newcomers,
      session.accid,
      now(),
    );
    await ops.joined(session.appKey, team.id, admitted);
    if (admitted.length > 0)
      await ops.notify(session, team, 'addTeamMembers', { accounts: admitted });
    return [...wanted.filter((a) => !exist.includes(a)), ...overflow];
  }

  /** Members are added at once (magree 0) or invited through the team command (magree 1). */
  async function addMembers(
    session: Session,
    teamId: string,
    wanted: string[],
    magree: '0' | '1',
    msg: string,
  ): Promise<string[]> {
    if (wanted.length === 0) return [];
    if (magree === '0') {
      const team = await store.requireTeam(session.appKey, teamId);
      requireMode(
        team,
        team.invite_mode,
        await store.requireMember(session.appKey, team, session.accid),
      );
      return addAtOnce(session, team, wanted);
    }
    const reply = await gateway.runAs(session, 'addTeamMembers', {
      teamId,
      accounts: wanted,
      ...(msg !== '' && { ps: msg }),
    });
    return reply ? reply.failedAccounts : [];
  }

  const faccid = (failed: string[]) =>
    failed.length > 0 ? { faccid: { accid: failed, msg: 'not added' } } : {};

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'team/create', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.owner);
      const members = accidsOf(form.members, 'members', 0, TEAM_MEMBERS_MAX - 1).filter(
        (a) => a !== session.accid,
      );
      const level = levelOf(form.teamMemberLimit, 'teamMemberLimit');
      const { team } = (await gateway.runAs(session, 'createTeam', {
        type: 'advanced',
        ...teamFieldsOf(form),
        name: form.tname,
        ...(level !== undefined && { level }),
      }))!;
      const failed = await addMembers(session, team.teamId, members, form.magree, form.msg);
      return { tid: team.teamId, ...faccid(failed) };
    });

    nimAction(scope, appKeyOf, 'team/add', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.owner);
      const members = accidsOf(form.members, 'members', 1, TEAM_MEMBERS_MAX);
      return faccid(await addMembers(session, form.tid, members, form.magree, form.msg));
    });

    nimAction(scope, appKeyOf, 'team/kick', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.owner);
      // NIM takes `member` first when both are given.
      const targets =
        form.member !== undefined
          ? [form.member.toLowerCase()]
          : form.members !== undefined
            ? accidsOf(form.members, 'members', 1, TEAM_MEMBERS_MAX)
            : undefined;
      if (!targets) throw new NimError(414, 'member or members is required');
      await gateway.runAs(session, 'removeTeamMembers', { teamId: form.tid, accounts: targets });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/remove', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'dismissTeam', { teamId: form.tid });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/update', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.owner);
      const fields = teamFieldsOf(form);
      const level = levelOf(form.teamMemberLimit, 'teamMemberLimit');
      if (level !== undefined) {
        // The level is not a team command's field: only the owner changes it, never below the
        // members the team already has.
        const team = await store.requireTeam(appKey, form.tid);
        if (team.owner !== session.accid)
          throw new NimError(802, 'only the owner may change teamMemberLimit');
        if (level < team.member_num)
          throw new NimError(414, 'teamMemberLimit is below the team size');
        await store.updateTeam(appKey, team.id, { level }, now());
        if (Object.keys(fields).length === 0)
          await ops.notify(session, team, 'updateTeam', { team: { level } });
      }
      if (Object.keys(fields).length > 0)
        await gateway.runAs(session, 'updateTeam', { teamId: form.tid, ...fields });
      else if (level === undefined) throw new NimError(414, 'nothing to update');
      return {};
    });

    nimAction(scope, appKeyOf, 'team/query', async ({ appKey, form }) => {
      const tinfos = [];
      const invalid: string[] = [];
      for (const tid of teamIdsOf(form.tids)) {
        const team = await store.team(appKey, tid);
        if (!team || team.valid !== 1 || team.kind !== 'team') {
          if (form.ignoreInvalid !== 'true') throw new NimError(803, `team ${tid} not found`);
          invalid.push(tid);
          continue;
        }
        const info = teamInfo(team);
        if (form.ope === '0') {
          tinfos.push(info);
          continue;
        }
        const members = await store.members(appKey, team.id);
        tinfos.push({
          ...info,
          admins: members.filter((m) => m.type === 'manager').map((m) => m.accid),
          members: members.filter((m) => m.type === 'normal').map((m) => m.accid),
        });
      }
      return { tinfos, ...(form.ignoreInvalid === 'true' && { invalid }) };
    });

    nimAction(scope, appKeyOf, 'team/queryDetail', async ({ appKey, form }) => {
      const team = await store.requireTeam(appKey, form.tid);
      const members = await store.members(appKey, team.id);
      const owner = members.find((m) => m.type === 'owner')!;
      return {
        tinfo: {
          ...teamInfo(team),
          owner: memberInfo(owner),
          admins: members.filter((m) => m.type === 'manager').map(memberInfo),
          members: members.filter((m) => m.type === 'normal').map(memberInfo),
        },
      };
    });

    nimAction(scope, appKeyOf, 'team/changeOwner', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'transferTeam', {
        teamId: form.tid,
        account: form.newowner,
        leave: form.leave === '1',
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/addManager', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'addTeamManagers', {
        teamId: form.tid,
        accounts: accidsOf(form.members, 'members', 1, TEAM_MANAGERS_MAX),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/removeManager', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'removeTeamManagers', {
        teamId: form.tid,
        accounts: accidsOf(form.members, 'members', 1, TEAM_MANAGERS_MAX),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/joinTeams', async ({ appKey, form }) => {
      const session = await sessionOf(appKey, form.accid);
      const teams = await store.teamsOf(appKey, session.accid, 'team');
      return { count: teams.length, infos: teams.map(teamInfo) };
    });

    nimAction(scope, appKeyOf, 'team/updateTeamNick', async ({ appKey, form }) => {
      if (form.nick === undefined && form.custom === undefined)
        throw new NimError(414, 'nick or custom is required');
      if (form.nick !== undefined)
        await gateway.runAs(await sessionOf(appKey, form.owner), 'updateNickInTeam', {
          teamId: form.tid,
          account: form.accid,
          nickInTeam: form.nick,
        });
      // A member's custom field is its own: it is set as the member.
      if (form.custom !== undefined)
        await gateway.runAs(await sessionOf(appKey, form.accid), 'updateInfoInTeam', {
          teamId: form.tid,
          custom: form.custom,
        });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/muteTeam', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.accid), 'updateInfoInTeam', {
        teamId: form.tid,
        muteTeam: form.ope === '1',
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/muteTlist', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.owner), 'updateMuteStateInTeam', {
        teamId: form.tid,
        account: form.accid,
        mute: form.mute === '1',
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/muteTlistAll', async ({ appKey, form }) => {
      // NIM: `mute` wins when both are given; true mutes the ordinary members.
      const muteType =
        form.mute !== undefined
          ? form.mute === 'true'
            ? 'normal'
            : 'none'
          : form.muteType !== undefined
            ? MUTE_TYPE_OF[form.muteType]
            : undefined;
      if (!muteType) throw new NimError(414, 'mute or muteType is required');
      await gateway.runAs(await sessionOf(appKey, form.owner), 'muteTeamAll', {
        teamId: form.tid,
        muteType,
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'team/listTeamMute', async ({ appKey, form }) => {
      const { members } = (await gateway.runAs(
        await sessionOf(appKey, form.owner),
        'getMutedTeamMembers',
        { teamId: form.tid },
      ))!;
      return {
        mutes: members.map((m) => ({
          accid: m.account,
          nick: m.nickInTeam,
          custom: m.custom,
          mute: m.mute,
          createtime: m.joinTime,
          updatetime: m.updateTime,
        })),
      };
    });

    nimAction(scope, appKeyOf, 'team/leave', async ({ appKey, form }) => {
      await gateway.runAs(await sessionOf(appKey, form.accid), 'leaveTeam', { teamId: form.tid });
      return {};
    });
  };
}
