// Teams and super teams: the scenes for messaging, the commands and their sync. Super teams
// share the team logic with kind 'superTeam', but fan out through one group per team and keep
// no per-member state per message.
import type { Store } from '../../store/index.ts';
import { type ImGateway, type HandlerTable, CommandError } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import type { People } from '../people/index.ts';
import { teamCustomSysMsgSender } from './custom-sysmsgs.ts';
import { teamHandlers } from './handlers.ts';
import { superTeamMemberPages } from './super-members.ts';
import { receiptHandlers } from './receipts.ts';
import { requireManager, TeamOps } from './ops.ts';
import { teamRecallsSince } from './recalls.ts';
import { superTeamGroup, teamResolver } from './scene.ts';
import { registerSuperTeamSessionSync, superTeamSessions } from './super-sessions.ts';
import { registerTeamSync } from './sync.ts';
import { TeamStore } from './team-store.ts';

export const MAX_FORCE_PUSH_ACCOUNTS = 100;

export interface TeamsOptions {
  store: Store;
  im: ImGateway;
  messaging: Messaging;
  people: People;
  /** Member deliveries of team custom system messages an account may cause per second (416 beyond). */
  customSysMsgFanoutPerSecond: number;
}

export function registerTeams({
  store,
  im,
  messaging,
  people,
  customSysMsgFanoutPerSecond,
}: TeamsOptions): void {
  const now = im.gateway.now;
  const teams = new TeamStore(store.db);
  const deps = { db: store.db, store: teams, gateway: im.gateway, now };
  messaging.scenes.register('team', teamResolver(teams, 'team'));
  messaging.scenes.register('superTeam', teamResolver(teams, 'superTeam'));
  im.gateway.use(teamHandlers(deps, 'team'));
  im.gateway.use(superTeamHandlers(deps));
  im.gateway.use(receiptHandlers(deps));
  // Custom system messages to teams and super teams; the people service sends the one-to-one ones.
  const customSysMsgs = teamCustomSysMsgSender(deps, customSysMsgFanoutPerSecond);
  people.customSysMsgScenes.set('team', customSysMsgs).set('superTeam', customSysMsgs);
  // A team message may force a push to at most this many accounts (811 beyond).
  messaging.guards.push(async ({ msg }) => {
    if (msg.scene !== 'p2p' && (msg.apns?.accounts?.length ?? 0) > MAX_FORCE_PUSH_ACCOUNTS) {
      throw new CommandError(
        811,
        `the forced-push list holds at most ${MAX_FORCE_PUSH_ACCOUNTS} accounts`,
      );
    }
  });
  registerTeamSync(im.syncSources, store.db, now, 'team');
  registerTeamSync(im.syncSources, store.db, now, 'superTeam');
  registerSuperTeamSessionSync(im.syncSources, store.db);
  messaging.computedSessions.push((session, since) =>
    superTeamSessions(store.db, session.appKey, session.accid, since),
  );
  messaging.recallSources.push(
    (appKey, accid, since) => teamRecallsSince(store.db, 'team', appKey, accid, since),
    (appKey, accid, since) => teamRecallsSince(store.db, 'superTeam', appKey, accid, since),
  );

  // A logged-in connection joins the fan-out groups of its account's super teams.
  im.gateway.onSessionStart(async (session, connection) => {
    for (const teamId of await teams.superTeamIdsOf(session.appKey, session.accid))
      await im.gateway.groups.join(connection, superTeamGroup(session.appKey, teamId));
  });
}

/** The super-team commands: the team handlers under their super-team names. */
function superTeamHandlers(deps: ConstructorParameters<typeof TeamOps>[0]): HandlerTable {
  const t = teamHandlers(deps, 'superTeam') as Required<HandlerTable>;
  const ops = new TeamOps(deps, 'superTeam');
  return {
    createSuperTeam: t.createTeam,
    addSuperTeamMembers: t.addTeamMembers,
    removeSuperTeamMembers: t.removeTeamMembers,
    leaveSuperTeam: t.leaveTeam,
    updateSuperTeamInfo: t.updateTeam,
    getSuperTeam: t.getTeam,
    getSuperTeams: t.getTeams,
    getSuperTeamMembers: t.getTeamMembers,
    updateInfoInSuperTeam: t.updateInfoInTeam,
    addSuperTeamManagers: t.addTeamManagers,
    removeSuperTeamManagers: t.removeTeamManagers,
    transferSuperTeam: t.transferTeam,
    updateSuperTeamMute: t.muteTeamAll,
    applySuperTeam: t.applyTeam,
    passSuperTeamApply: t.passTeamApply,
    rejectSuperTeamApply: t.rejectTeamApply,
    acceptSuperTeamInvite: t.acceptTeamInvite,
    rejectSuperTeamInvite: t.rejectTeamInvite,
    getMySuperTeamMembers: t.getMyTeamMembers,
    getMutedSuperTeamMembers: t.getMutedTeamMembers,
    dismissSuperTeam: t.dismissTeam,
    updateNickInSuperTeam: t.updateNickInTeam,
    getSuperTeamMemberInvitorAccid: t.getTeamMemberInvitorAccid,
    ...superTeamMemberPages(deps),
    /** Mutes or unmutes up to 10 members at once (document 2's limit). */
    async updateSuperTeamMembersMute({ session }, { teamId, accounts, mute }) {
      const team = await deps.store.requireTeam(session.appKey, teamId, 'superTeam');
      const me = await deps.store.requireMember(session.appKey, team, session.accid);
      requireManager(me);
      const targets = [...new Set(accounts.map((a) => a.toLowerCase()))];
      for (const accid of targets) {
        const member = await deps.store.requireMember(session.appKey, team, accid);
        if (member.type === 'owner' || (me.type === 'manager' && member.type === 'manager'))
          throw new CommandError(802, `no permission to mute ${accid}`);
      }
      for (const accid of targets)
        await deps.store.updateMember(
          session.appKey,
          team.id,
          accid,
          { mute: mute ? 1 : 0 },
          deps.now(),
        );
      await ops.notify(session, team, 'updateTeamMute', { accounts: targets, mute });
      await ops.membersChanged(session, team, targets);
    },
  };
}

/** Reads for other parts of the server (chat in the app's invite links, docs/chat-pages.md). */
export { TeamStore, type MemberRow, type TeamRow } from './team-store.ts';
export { isManager } from './ops.ts';
