// What every team command shares: permission checks, team notifications written into the team
// conversation, and the pushes that keep members' devices in step.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TEAM_NOTIFICATIONS, type TeamNotification } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { type Session, CommandError, type Gateway } from '../gateway/index.ts';
import { insertMessage, type StoredBody } from '../messaging/index.ts';
import { superTeamGroup, teamConvKey, type TeamKind } from './scene.ts';
import { toMember, toTeam, type MemberRow, type TeamRow, type TeamStore } from './team-store.ts';

export interface TeamDeps {
  db: Kysely<Database>;
  store: TeamStore;
  gateway: Gateway;
  now: () => number;
}

export const isManager = (member: MemberRow) =>
  member.type === 'owner' || member.type === 'manager';

export function requireManager(member: MemberRow): void {
  if (!isManager(member)) throw new CommandError(802, 'only the owner or a manager may do this');
}

export function requireOwner(member: MemberRow): void {
  if (member.type !== 'owner') throw new CommandError(802, 'only the owner may do this');
}

/** An advanced team's mode decides: 'manager' needs the owner or a manager, 'all' any member. */
export function requireMode(team: TeamRow, mode: string, member: MemberRow): void {
  if (team.type === 'normal' || mode === 'all') return;
  requireManager(member);
}

/** Super-team notification ids run 401 to 411, in the order of the team ones (0 to 10). */
const notificationId = (name: TeamNotification, kind: TeamKind) =>
  (kind === 'superTeam' ? 401 : 0) + TEAM_NOTIFICATIONS[name];

export class TeamOps {
  constructor(
    readonly deps: TeamDeps,
    readonly kind: TeamKind = 'team',
  ) {}

  private get superTeam(): boolean {
    return this.kind === 'superTeam';
  }

  /** New members' connections (in any process) join the super team's fan-out group. */
  async joined(appKey: string, teamId: number, accounts: string[]): Promise<void> {
    if (!this.superTeam) return;
    const group = superTeamGroup(appKey, teamId);
    for (const accid of accounts)
      await this.deps.gateway.setGroups({ appKey, accid }, { join: [group] });
  }

  /** Members who left or were removed stop receiving the super team's fan-out. */
  async left(appKey: string, teamId: number, accounts: string[]): Promise<void> {
    if (!this.superTeam) return;
    const group = superTeamGroup(appKey, teamId);
    for (const accid of accounts)
      await this.deps.gateway.setGroups({ appKey, accid }, { leave: [group] });
  }

  /**
   * Writes a team notification (a type 5 message) into the team conversation and delivers it to
   * the members, plus `alsoTo` (members who just left or were removed), then refreshes every
   * device's copy of the team and of the changed members.
   */
  async notify(
    session: Session,
    team: TeamRow,
    name: TeamNotification,
    attach: Record<string, unknown>,
    alsoTo: string[] = [],
  ) {
    const { db, store, gateway, now } = this.deps;
    const fresh = (await store.team(session.appKey, String(team.id)))!;
    const convKey = teamConvKey(team.id, this.kind);
    const sessionId = `${this.kind}-${team.id}`;
    const body: StoredBody = {
      scene: this.kind,
      to: String(team.id),
      type: 5,
      idClient: randomUUID().replace(/-/g, ''),
      attach: JSON.stringify({
        type: name,
        id: notificationId(name, this.kind),
        from: session.accid,
        teamId: String(team.id),
        ...attach,
      }),
      from: session.accid,
      fromNick: session.nick,
      fromClientType: session.clientType,
      fromDeviceId: session.deviceId,
    };
    if (this.superTeam) {
      // One publish to the group for the members; those who just left get theirs one by one.
      const { msg } = await insertMessage(db, {
        appKey: session.appKey,
        convKey,
        body,
        now: now(),
        sessions: {
          scene: this.kind,
          refs: [{ accid: session.accid, sessionId, peer: String(team.id) }],
        },
      });
      const group = superTeamGroup(session.appKey, team.id);
      await gateway.pushToGroup(group, 'superTeamChanged', { team: toTeam(fresh, true) });
      await gateway.pushToGroup(group, 'msg', { msg });
      for (const accid of alsoTo) {
        await gateway.pushToAccount({ appKey: session.appKey, accid }, 'superTeamChanged', {
          team: toTeam(fresh, false),
        });
        await gateway.pushToAccount({ appKey: session.appKey, accid }, 'msg', { msg });
      }
      return msg;
    }
    const members = await store.members(session.appKey, team.id);
    const audience = [...new Set([...members.map((m) => m.accid), ...alsoTo])];
    const sessions = audience.map((accid) => ({ accid, sessionId, peer: String(team.id) }));
    const { msg } = await insertMessage(db, {
      appKey: session.appKey,
      convKey,
      body,
      now: now(),
      sessions: { scene: 'team', refs: sessions },
    });
    // Each frame is encoded once; every account gets its teamChanged before the msg.
    const accountsOf = (list: string[]) => list.map((accid) => ({ appKey: session.appKey, accid }));
    const isMember = new Set(members.map((m) => m.accid));
    await gateway.pushToAccounts(
      accountsOf(audience.filter((a) => isMember.has(a))),
      'teamChanged',
      { team: toTeam(fresh, true) },
    );
    await gateway.pushToAccounts(
      accountsOf(audience.filter((a) => !isMember.has(a))),
      'teamChanged',
      { team: toTeam(fresh, false) },
    );
    await gateway.pushToAccounts(accountsOf(audience), 'msg', { msg });
    return msg;
  }

  /** Tells members (and `alsoTo`) that some member records changed. */
  async membersChanged(session: Session, team: TeamRow, changed: string[], removed: string[] = []) {
    const { store, gateway } = this.deps;
    const records = (
      await Promise.all(changed.map((accid) => store.member(session.appKey, team.id, accid)))
    )
      .filter((m) => m !== undefined)
      .map(toMember);
    const change = { teamId: String(team.id), members: records, removed };
    if (this.superTeam) {
      await gateway.pushToGroup(
        superTeamGroup(session.appKey, team.id),
        'superTeamMembersChanged',
        change,
      );
      for (const accid of removed)
        await gateway.pushToAccount(
          { appKey: session.appKey, accid },
          'superTeamMembersChanged',
          change,
        );
      return;
    }
    const all = await store.members(session.appKey, team.id);
    const audience = new Set([...all.map((m) => m.accid), ...removed]);
    for (const accid of audience)
      await gateway.pushToAccount({ appKey: session.appKey, accid }, 'teamMembersChanged', change);
  }
}
