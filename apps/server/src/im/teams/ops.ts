// What every team command shares: permission checks, team notifications written into the team
// conversation, and the pushes that keep members' devices in step.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TEAM_NOTIFICATIONS, type TeamNotification } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { Session } from '../gateway/connection.ts';
import { CommandError } from '../gateway/errors.ts';
import type { Gateway } from '../gateway/gateway.ts';
import { insertMessage, touchSessions, type StoredBody } from '../messaging/index.ts';
import { teamConvKey } from './scene.ts';
import { toMember, toTeam, type MemberRow, type TeamRow, type TeamStore } from './team-store.ts';

export interface TeamDeps {
  db: Kysely<Database>;
  store: TeamStore;
  gateway: Gateway;
  now: () => number;
}

export const isManager = (member: MemberRow) => member.type === 'owner' || member.type === 'manager';

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

/** Accounts that exist in the app, in their stored spelling. */
export async function existingAccounts(db: Kysely<Database>, appKey: string, accounts: string[]): Promise<string[]> {
  if (accounts.length === 0) return [];
  const rows = await db.selectFrom('im_accounts').select('accid').where('app_key', '=', appKey).where('accid', 'in', accounts.map((a) => a.toLowerCase())).execute();
  return rows.map((r) => r.accid);
}

export class TeamOps {
  constructor(readonly deps: TeamDeps) {}

  /**
   * Writes a team notification (a type 5 message) into the team conversation and delivers it to
   * the members, plus `alsoTo` (members who just left or were removed), then refreshes every
   * device's copy of the team and of the changed members.
   */
  async notify(session: Session, team: TeamRow, name: TeamNotification, attach: Record<string, unknown>, alsoTo: string[] = []) {
    const { db, store, gateway, now } = this.deps;
    const fresh = (await store.team(session.appKey, String(team.id)))!;
    const members = await store.members(session.appKey, team.id);
    const audience = [...new Set([...members.map((m) => m.accid), ...alsoTo])];
    const convKey = teamConvKey(team.id);
    const body: StoredBody = {
      scene: 'team',
      to: String(team.id),
      type: 5,
      idClient: randomUUID().replace(/-/g, ''),
      attach: JSON.stringify({ type: name, id: TEAM_NOTIFICATIONS[name], from: session.accid, teamId: String(team.id), ...attach }),
      from: session.accid,
      fromNick: session.nick,
      fromClientType: session.clientType,
      fromDeviceId: session.deviceId,
    };
    const sessions = audience.map((accid) => ({ accid, sessionId: `team-${team.id}`, peer: String(team.id) }));
    const { msg } = await insertMessage(db, { appKey: session.appKey, convKey, body, now: now() }, (trx, inserted) =>
      touchSessions(trx, session.appKey, { scene: 'team', convKey, sessions, audience: [] }, inserted.id, inserted.msg.time, session.accid),
    );
    for (const accid of audience) {
      const account = { appKey: session.appKey, accid };
      const member = members.find((m) => m.accid === accid);
      await gateway.pushToAccount(account, 'teamChanged', { team: toTeam(fresh, Boolean(member)) });
      await gateway.pushToAccount(account, 'msg', { msg });
    }
    return msg;
  }

  /** Tells members (and `alsoTo`) that some member records changed. */
  async membersChanged(session: Session, team: TeamRow, changed: string[], removed: string[] = []) {
    const { store, gateway } = this.deps;
    const all = await store.members(session.appKey, team.id, { validOnly: false });
    const records = all.filter((m) => changed.includes(m.accid)).map(toMember);
    const audience = new Set([...all.filter((m) => m.valid === 1).map((m) => m.accid), ...removed]);
    for (const accid of audience) {
      await gateway.pushToAccount({ appKey: session.appKey, accid }, 'teamMembersChanged', { teamId: String(team.id), members: records, removed });
    }
  }
}
