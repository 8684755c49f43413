// The team commands of document 2, section 7, with the server-side permission checks of
// section 6 and the team error codes 801 to 815.
import { CommandError, type HandlerTable } from '../gateway/index.ts';
import { pendingRequestsFrom, sendSysMsg, settleRequest } from '../people/index.ts';
import { TEAM_DEFAULTS, type SysMsgType } from '@morsel/protocol';
import {
  isManager,
  requireManager,
  requireMode,
  requireOwner,
  TeamOps,
  type TeamDeps,
} from './ops.ts';
import { toMember, toPublicTeam, toTeam, type TeamRow } from './team-store.ts';
import type { TeamKind } from './scene.ts';

/** Teams an account may own at once (806 beyond). */
export const MAX_OWNED_TEAMS = 100;
/** Managers a team may have (815 beyond). */
export const MAX_MANAGERS = 10;

const MODE_FIELDS = [
  'joinMode',
  'beInviteMode',
  'inviteMode',
  'updateTeamMode',
  'updateCustomMode',
] as const;
const COLUMN: Record<string, string> = {
  joinMode: 'join_mode',
  beInviteMode: 'be_invite_mode',
  inviteMode: 'invite_mode',
  updateTeamMode: 'update_team_mode',
  updateCustomMode: 'update_custom_mode',
  name: 'name',
  avatar: 'avatar',
  intro: 'intro',
  announcement: 'announcement',
  custom: 'custom',
};

type RequestSysMsg = 'applyTeam' | 'teamInvite' | 'rejectTeamApply' | 'rejectTeamInvite';

/** Super teams' requests are system messages of their own types (category superTeam). */
const SUPER_TEAM_SYSMSG: Record<RequestSysMsg, SysMsgType> = {
  applyTeam: 'applySuperTeam',
  teamInvite: 'superTeamInvite',
  rejectTeamApply: 'rejectSuperTeamApply',
  rejectTeamInvite: 'rejectSuperTeamInvite',
};

export function teamHandlers(deps: TeamDeps, kind: TeamKind = 'team'): HandlerTable {
  const { db, store, now } = deps;
  const ops = new TeamOps(deps, kind);
  const sysMsgType = (type: RequestSysMsg): SysMsgType =>
    kind === 'superTeam' ? SUPER_TEAM_SYSMSG[type] : type;

  /** Pending requests (applications or invitations) of one team, as stored system messages. */
  async function pending(
    appKey: string,
    type: 'applyTeam' | 'teamInvite',
    from: string,
    to: string | undefined,
    teamId: number,
  ) {
    const rows = await pendingRequestsFrom(db, appKey, sysMsgType(type), from, to);
    return rows.filter((r) => {
      try {
        return JSON.parse(r.attach ?? '{}').teamId === String(teamId);
      } catch {
        return false;
      }
    });
  }

  /** Requests that can no longer be honoured move to state error; then the refusal is thrown. */
  async function failRequests(
    requests: { id: number | bigint }[],
    error: CommandError,
  ): Promise<never> {
    for (const request of requests) await settleRequest(db, Number(request.id), 'error', now());
    throw error;
  }

  /** The team a request names; a dismissed team turns the request into an error (803). */
  async function requestedTeam(
    appKey: string,
    teamId: string,
    type: 'applyTeam' | 'teamInvite',
    from: string,
    to: string | undefined,
  ) {
    const team = await store.team(appKey, teamId);
    if (team && team.kind === kind && team.valid !== 1)
      await failRequests(
        await pending(appKey, type, from, to, team.id),
        new CommandError(803, 'the team was dismissed'),
      );
    return store.requireTeam(appKey, teamId, kind);
  }

  /** Admits the author of a request; a full team or a member already in turns it into an error. */
  async function admitRequest(
    appKey: string,
    team: TeamRow,
    accid: string,
    invitor: string,
    requests: { id: number | bigint }[],
  ) {
    if ((await store.member(appKey, team.id, accid))?.valid === 1)
      await failRequests(requests, new CommandError(809, 'already in the team'));
    const { admitted } = await store.admitMembers(appKey, team.id, [accid], invitor, now());
    if (admitted.length === 0)
      await failRequests(requests, new CommandError(801, 'the team is full'));
    await ops.joined(appKey, team.id, admitted);
  }

  /** Adds accounts up to the team's level (checked atomically by the store); returns who fitted. */
  async function admit(appKey: string, team: { id: number }, accounts: string[], invitor: string) {
    const { admitted, overflow } = await store.admitMembers(
      appKey,
      team.id,
      accounts,
      invitor,
      now(),
    );
    if (admitted.length === 0 && overflow.length > 0)
      throw new CommandError(801, 'the team is full');
    await ops.joined(appKey, team.id, admitted);
    return { admitted, overflow };
  }

  return {
    async createTeam({ session }, params) {
      if ((await store.countOwned(session.appKey, session.accid)) >= MAX_OWNED_TEAMS)
        throw new CommandError(806, `an account may own at most ${MAX_OWNED_TEAMS} teams`);
      const advanced = params.type === 'advanced';
      const time = now();
      const id = await store.insertTeam({
        app_key: session.appKey,
        kind,
        type: params.type,
        owner: session.accid,
        level: params.level ?? TEAM_DEFAULTS.level,
        name: params.name,
        avatar: params.avatar ?? '',
        intro: params.intro ?? '',
        announcement: params.announcement ?? '',
        custom: params.custom ?? '',
        // A normal team (a discussion group) lets every member invite and edit, without checks.
        join_mode: advanced ? (params.joinMode ?? TEAM_DEFAULTS.joinMode) : 'rejectAll',
        be_invite_mode: advanced ? (params.beInviteMode ?? TEAM_DEFAULTS.beInviteMode) : 'noVerify',
        invite_mode: advanced ? (params.inviteMode ?? TEAM_DEFAULTS.inviteMode) : 'all',
        update_team_mode: advanced
          ? (params.updateTeamMode ?? TEAM_DEFAULTS.updateTeamMode)
          : 'all',
        update_custom_mode: advanced
          ? (params.updateCustomMode ?? TEAM_DEFAULTS.updateCustomMode)
          : 'all',
        mute_type: 'none',
        member_num: 0,
        valid: 1,
        member_updated_at: time,
        created_at: time,
        updated_at: time,
      });
      await store.admitMembers(session.appKey, id, [session.accid], '', time, 'owner');
      await ops.joined(session.appKey, id, [session.accid]);
      let team = (await store.team(session.appKey, String(id)))!;
      const wanted = (params.accounts ?? [])
        .map((a) => a.toLowerCase())
        .filter((a) => a !== session.accid);
      const exist = await store.existingAccounts(session.appKey, wanted);
      const failedAccounts = wanted.filter((a) => !exist.includes(a));
      let added: string[] = [];
      if (team.be_invite_mode === 'noVerify') {
        const result = await admit(session.appKey, team, exist, session.accid);
        added = result.admitted;
        failedAccounts.push(...result.overflow);
      } else {
        for (const accid of exist)
          await sendSysMsg(
            db,
            deps.gateway,
            {
              appKey: session.appKey,
              type: sysMsgType('teamInvite'),
              from: session.accid,
              to: accid,
              ...(params.ps !== undefined && { ps: params.ps }),
              attach: JSON.stringify({ teamId: String(team.id), teamName: team.name }),
            },
            now(),
          );
      }
      team = (await store.team(session.appKey, String(id)))!;
      await ops.notify(session, team, 'addTeamMembers', { accounts: [session.accid, ...added] });
      const owner = (await store.member(session.appKey, team.id, session.accid))!;
      return { team: toTeam(team, true), owner: toMember(owner), failedAccounts };
    },

    async getTeam({ session }, { teamId }) {
      const team = await store.team(session.appKey, teamId);
      if (!team || team.kind !== kind) throw new CommandError(803, 'team not found');
      const me = await store.member(session.appKey, team.id, session.accid);
      return { team: me?.valid === 1 ? toTeam(team, true) : toPublicTeam(team) };
    },

    async getTeams({ session }) {
      const teams = await store.teamsOf(session.appKey, session.accid, kind);
      return { teams: teams.map((team) => toTeam(team, true)) };
    },

    async getTeamMembers({ session }, { teamId }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      await store.requireMember(session.appKey, team, session.accid);
      return { members: (await store.members(session.appKey, team.id)).map(toMember) };
    },

    async updateTeam({ session }, { teamId, ...fields }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const me = await store.requireMember(session.appKey, team, session.accid);
      const keys = Object.keys(fields) as (keyof typeof fields)[];
      if (keys.length === 0) throw new CommandError(414, 'nothing to update');
      const changesModes = keys.some((k) => (MODE_FIELDS as readonly string[]).includes(k));
      if (changesModes && team.type === 'normal')
        throw new CommandError(805, 'a normal team has no modes');
      if (changesModes) requireManager(me);
      if (keys.some((k) => ['name', 'avatar', 'intro', 'announcement'].includes(k)))
        requireMode(team, team.update_team_mode, me);
      if (keys.includes('custom')) requireMode(team, team.update_custom_mode, me);
      const changes = Object.fromEntries(keys.map((k) => [COLUMN[k]!, fields[k]]));
      await store.updateTeam(session.appKey, team.id, changes, now());
      await ops.notify(session, team, 'updateTeam', { team: fields });
      return { team: toTeam((await store.team(session.appKey, teamId))!, true) };
    },

    async dismissTeam({ session }, { teamId }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      requireOwner(await store.requireMember(session.appKey, team, session.accid));
      await store.updateTeam(session.appKey, team.id, { valid: 0 }, now());
      const members = (await store.members(session.appKey, team.id)).map((m) => m.accid);
      // A super team's members still follow its group: one publish tells them all.
      await ops.notify(session, team, 'dismissTeam', {}, kind === 'superTeam' ? [] : members);
      await ops.left(session.appKey, team.id, members);
    },

    async addTeamMembers({ session }, { teamId, accounts, ps }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const me = await store.requireMember(session.appKey, team, session.accid);
      requireMode(team, team.invite_mode, me);
      const wanted = [...new Set(accounts.map((a) => a.toLowerCase()))];
      const exist = await store.existingAccounts(session.appKey, wanted);
      const current = new Set((await store.members(session.appKey, team.id)).map((m) => m.accid));
      const newcomers = exist.filter((a) => !current.has(a));
      if (newcomers.length === 0 && exist.length > 0)
        throw new CommandError(809, 'already in the team');
      const failedAccounts = wanted.filter((a) => !exist.includes(a));
      if (team.be_invite_mode === 'needVerify') {
        for (const accid of newcomers) {
          await sendSysMsg(
            db,
            deps.gateway,
            {
              appKey: session.appKey,
              type: sysMsgType('teamInvite'),
              from: session.accid,
              to: accid,
              ...(ps !== undefined && { ps }),
              attach: JSON.stringify({ teamId: String(team.id), teamName: team.name }),
            },
            now(),
          );
        }
        return { added: [], invited: newcomers, failedAccounts };
      }
      const { admitted, overflow } = await admit(session.appKey, team, newcomers, session.accid);
      await ops.notify(session, team, 'addTeamMembers', { accounts: admitted });
      if (overflow.length)
        throw new CommandError(813, `the team is full: ${overflow.length} could not join`, {
          added: admitted,
          failedAccounts: [...failedAccounts, ...overflow],
        });
      return { added: admitted, invited: [], failedAccounts };
    },

    async removeTeamMembers({ session }, { teamId, accounts }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const me = await store.requireMember(session.appKey, team, session.accid);
      const targets = [...new Set(accounts.map((a) => a.toLowerCase()))];
      for (const accid of targets) {
        if (accid === session.accid) throw new CommandError(414, 'use leaveTeam to leave');
        const member = await store.requireMember(session.appKey, team, accid);
        const allowed =
          me.type === 'owner' ||
          (me.type === 'manager' && member.type === 'normal') ||
          (team.type === 'normal' && member.type !== 'owner');
        if (!allowed) throw new CommandError(802, `no permission to remove ${accid}`);
      }
      await store.removeMembers(session.appKey, team.id, targets, now());
      await ops.left(session.appKey, team.id, targets);
      await ops.notify(session, team, 'kickTeamMembers', { accounts: targets }, targets);
    },

    async leaveTeam({ session }, { teamId }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const me = await store.requireMember(session.appKey, team, session.accid);
      if (me.type === 'owner')
        throw new CommandError(802, 'the owner must transfer the team before leaving');
      await store.removeMembers(session.appKey, team.id, [session.accid], now());
      await ops.left(session.appKey, team.id, [session.accid]);
      await ops.notify(session, team, 'leaveTeam', { accounts: [session.accid] }, [session.accid]);
    },

    async addTeamManagers({ session }, { teamId, accounts }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      requireOwner(await store.requireMember(session.appKey, team, session.accid));
      if (team.type === 'normal') throw new CommandError(805, 'a normal team has no managers');
      const targets = [...new Set(accounts.map((a) => a.toLowerCase()))];
      for (const accid of targets) await store.requireMember(session.appKey, team, accid);
      const managers = (await store.members(session.appKey, team.id))
        .filter((m) => m.type === 'manager')
        .map((m) => m.accid);
      if (new Set([...managers, ...targets]).size > MAX_MANAGERS)
        throw new CommandError(815, `a team has at most ${MAX_MANAGERS} managers`);
      for (const accid of targets)
        await store.updateMember(session.appKey, team.id, accid, { type: 'manager' }, now());
      await ops.notify(session, team, 'addTeamManagers', { accounts: targets });
      await ops.membersChanged(session, team, targets);
    },

    async removeTeamManagers({ session }, { teamId, accounts }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      requireOwner(await store.requireMember(session.appKey, team, session.accid));
      const targets = [...new Set(accounts.map((a) => a.toLowerCase()))];
      for (const accid of targets) {
        const member = await store.requireMember(session.appKey, team, accid);
        if (member.type !== 'manager') throw new CommandError(807, `${accid} is not a manager`);
      }
      for (const accid of targets)
        await store.updateMember(session.appKey, team.id, accid, { type: 'normal' }, now());
      await ops.notify(session, team, 'removeTeamManagers', { accounts: targets });
      await ops.membersChanged(session, team, targets);
    },

    async transferTeam({ session }, { teamId, account, leave }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      requireOwner(await store.requireMember(session.appKey, team, session.accid));
      const target = account.toLowerCase();
      if (target === session.accid) throw new CommandError(414, 'the team is already yours');
      await store.requireMember(session.appKey, team, target);
      const time = now();
      await store.transferOwner(session.appKey, team.id, session.accid, target, time);
      await ops.notify(session, team, 'transferTeam', { account: target });
      if (leave) {
        await store.removeMembers(session.appKey, team.id, [session.accid], now());
        await ops.left(session.appKey, team.id, [session.accid]);
        await ops.notify(session, team, 'leaveTeam', { accounts: [session.accid] }, [
          session.accid,
        ]);
      }
      await ops.membersChanged(session, team, [target, session.accid]);
    },

    async updateInfoInTeam({ session }, { teamId, nickInTeam, muteTeam, muteNotiType, custom }) {
      if (
        nickInTeam === undefined &&
        muteTeam === undefined &&
        muteNotiType === undefined &&
        custom === undefined
      ) {
        throw new CommandError(
          414,
          'member update requires teamId and at least one of nickInTeam, muteTeam, muteNotiType, custom',
        );
      }
      const team = await store.requireTeam(session.appKey, teamId, kind);
      await store.requireMember(session.appKey, team, session.accid);
      await store.updateMember(
        session.appKey,
        team.id,
        session.accid,
        {
          ...(nickInTeam !== undefined && { nick_in_team: nickInTeam }),
          ...(muteTeam !== undefined && { mute_team: muteTeam ? 1 : 0 }),
          // Bit 1 of muteNotiType means muted; muteTeam and the bit stay in step.
          ...(muteNotiType !== undefined && {
            mute_noti_type: muteNotiType,
            mute_team: muteNotiType & 1,
          }),
          ...(custom !== undefined && { custom }),
        },
        now(),
      );
      await ops.membersChanged(session, team, [session.accid]);
      return { member: toMember((await store.member(session.appKey, team.id, session.accid))!) };
    },

    async updateNickInTeam({ session }, { teamId, account, nickInTeam }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const me = await store.requireMember(session.appKey, team, session.accid);
      const target = await store.requireMember(session.appKey, team, account.toLowerCase());
      if (
        target.accid !== session.accid &&
        (!isManager(me) || (me.type === 'manager' && target.type !== 'normal'))
      ) {
        throw new CommandError(802, 'no permission to change that nick');
      }
      await store.updateMember(
        session.appKey,
        team.id,
        target.accid,
        { nick_in_team: nickInTeam },
        now(),
      );
      await ops.membersChanged(session, team, [target.accid]);
    },

    async updateMuteStateInTeam({ session }, { teamId, account, mute }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const me = await store.requireMember(session.appKey, team, session.accid);
      requireManager(me);
      const target = await store.requireMember(session.appKey, team, account.toLowerCase());
      if (target.type === 'owner' || (me.type === 'manager' && target.type === 'manager'))
        throw new CommandError(802, `no permission to mute ${target.accid}`);
      await store.updateMember(
        session.appKey,
        team.id,
        target.accid,
        { mute: mute ? 1 : 0 },
        now(),
      );
      await ops.notify(session, team, 'updateTeamMute', { account: target.accid, mute });
      await ops.membersChanged(session, team, [target.accid]);
    },

    async muteTeamAll({ session }, { teamId, muteType }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      requireManager(await store.requireMember(session.appKey, team, session.accid));
      await store.updateTeam(session.appKey, team.id, { mute_type: muteType }, now());
      await ops.notify(session, team, 'updateTeam', {
        team: { muteType, mute: muteType !== 'none' },
      });
    },

    async getMutedTeamMembers({ session }, { teamId }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      await store.requireMember(session.appKey, team, session.accid);
      return {
        members: (await store.members(session.appKey, team.id))
          .filter((m) => m.mute === 1)
          .map(toMember),
      };
    },

    async getTeamMemberInvitorAccid({ session }, { teamId, accounts }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      await store.requireMember(session.appKey, team, session.accid);
      const wanted = new Set(accounts.map((a) => a.toLowerCase()));
      const members = (await store.members(session.appKey, team.id)).filter((m) =>
        wanted.has(m.accid),
      );
      return { invitors: Object.fromEntries(members.map((m) => [m.accid, m.invitor])) };
    },

    async getMyTeamMembers({ session }, { teamIds }) {
      const ids = teamIds.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
      const rows = await store.membershipsIn(session.appKey, session.accid, ids);
      return { members: rows.map(toMember) };
    },

    async applyTeam({ session }, { teamId, ps }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      if (team.type === 'normal')
        throw new CommandError(805, 'a normal team takes no applications');
      if ((await store.member(session.appKey, team.id, session.accid))?.valid === 1)
        throw new CommandError(809, 'already in the team');
      if (team.join_mode === 'rejectAll')
        throw new CommandError(802, 'the team accepts no applications');
      if (team.join_mode === 'noVerify') {
        await admit(session.appKey, team, [session.accid], '');
        await ops.notify(session, team, 'passTeamApply', { accounts: [session.accid] });
        return { joined: true };
      }
      const managers = (await store.members(session.appKey, team.id)).filter(isManager);
      for (const manager of managers) {
        await sendSysMsg(
          db,
          deps.gateway,
          {
            appKey: session.appKey,
            type: sysMsgType('applyTeam'),
            from: session.accid,
            to: manager.accid,
            ...(ps !== undefined && { ps }),
            attach: JSON.stringify({ teamId: String(team.id), teamName: team.name }),
          },
          now(),
        );
      }
      return { joined: false };
    },

    async passTeamApply({ session }, { teamId, from }) {
      const applicant = from.toLowerCase();
      const team = await requestedTeam(session.appKey, teamId, 'applyTeam', applicant, undefined);
      requireManager(await store.requireMember(session.appKey, team, session.accid));
      const requests = await pending(session.appKey, 'applyTeam', applicant, undefined, team.id);
      if (requests.length === 0)
        throw new CommandError(404, `no pending application from ${applicant}`);
      await admitRequest(session.appKey, team, applicant, session.accid, requests);
      for (const request of requests) await settleRequest(db, Number(request.id), 'passed', now());
      await ops.notify(session, team, 'passTeamApply', { accounts: [applicant] });
    },

    async rejectTeamApply({ session }, { teamId, from, ps }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      requireManager(await store.requireMember(session.appKey, team, session.accid));
      const applicant = from.toLowerCase();
      const requests = await pending(session.appKey, 'applyTeam', applicant, undefined, team.id);
      if (requests.length === 0)
        throw new CommandError(404, `no pending application from ${applicant}`);
      for (const request of requests)
        await settleRequest(db, Number(request.id), 'rejected', now());
      await sendSysMsg(
        db,
        deps.gateway,
        {
          appKey: session.appKey,
          type: sysMsgType('rejectTeamApply'),
          from: session.accid,
          to: applicant,
          ...(ps !== undefined && { ps }),
          state: 'rejected',
          attach: JSON.stringify({ teamId: String(team.id), teamName: team.name }),
        },
        now(),
      );
    },

    async acceptTeamInvite({ session }, { teamId, from }) {
      const inviter = from.toLowerCase();
      const team = await requestedTeam(
        session.appKey,
        teamId,
        'teamInvite',
        inviter,
        session.accid,
      );
      const requests = await pending(session.appKey, 'teamInvite', inviter, session.accid, team.id);
      if (requests.length === 0) throw new CommandError(404, 'no pending invitation');
      await admitRequest(session.appKey, team, session.accid, inviter, requests);
      for (const request of requests) await settleRequest(db, Number(request.id), 'passed', now());
      await ops.notify(session, team, 'acceptTeamInvite', { accounts: [session.accid] });
    },

    async rejectTeamInvite({ session }, { teamId, from, ps }) {
      const team = await store.requireTeam(session.appKey, teamId, kind);
      const inviter = from.toLowerCase();
      const requests = await pending(session.appKey, 'teamInvite', inviter, session.accid, team.id);
      if (requests.length === 0) throw new CommandError(404, 'no pending invitation');
      for (const request of requests)
        await settleRequest(db, Number(request.id), 'rejected', now());
      await sendSysMsg(
        db,
        deps.gateway,
        {
          appKey: session.appKey,
          type: sysMsgType('rejectTeamInvite'),
          from: session.accid,
          to: inviter,
          ...(ps !== undefined && { ps }),
          state: 'rejected',
          attach: JSON.stringify({ teamId: String(team.id), teamName: team.name }),
        },
        now(),
      );
    },
  };
}
