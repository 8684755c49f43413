// Teams and members in the store, and their protocol shapes.
import type { Insertable, Kysely } from 'kysely';
import type { Team, TeamMember } from '@morsel/protocol';
import { compiledOnceForAnyHandle, type Database } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { ImTeamMemberTable, ImTeamTable } from './tables.ts';

// Every login reads it (its connection joins its super teams' fan-out groups): compiled once.
// Parameters in this order: im_teams.kind, im_teams.valid, app_key, accid, member valid.
const superTeamIdsQuery = compiledOnceForAnyHandle<
  { team_id: number },
  [string, number, string, string, number]
>((d) =>
  d
    .selectFrom('im_team_members')
    .innerJoin('im_teams', (join) =>
      join
        .onRef('im_teams.id', '=', 'im_team_members.team_id')
        .on('im_teams.kind', '=', 'superTeam')
        .on('im_teams.valid', '=', 1),
    )
    .select('im_team_members.team_id')
    .where('im_team_members.app_key', '=', '')
    .where('im_team_members.accid', '=', '')
    .where('im_team_members.valid', '=', 1),
);

export type TeamRow = Omit<ImTeamTable, 'id'> & { id: number };
export type MemberRow = ImTeamMemberTable;

export function toTeam(row: TeamRow, memberValid: boolean): Team {
  return {
    teamId: String(row.id),
    type: row.type as Team['type'],
    owner: row.owner,
    level: row.level,
    name: row.name,
    avatar: row.avatar,
    intro: row.intro,
    announcement: row.announcement,
    custom: row.custom,
    joinMode: row.join_mode as Team['joinMode'],
    beInviteMode: row.be_invite_mode as Team['beInviteMode'],
    inviteMode: row.invite_mode as Team['inviteMode'],
    updateTeamMode: row.update_team_mode as Team['updateTeamMode'],
    updateCustomMode: row.update_custom_mode as Team['updateCustomMode'],
    mute: row.mute_type !== 'none',
    muteType: row.mute_type as Team['muteType'],
    memberNum: row.member_num,
    memberUpdateTime: Number(row.member_updated_at),
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
    valid: row.valid === 1,
    validToCurrentUser: row.valid === 1 && memberValid,
  };
}

/**
 * A team as a non-member sees it (getTeam before applying): the card to decide on joining (id,
 * type, owner, level, name, avatar, intro, modes, mute state, member count, times). The
 * announcement and custom data are for members only and come back empty (docs/im-teams.md).
 */
export function toPublicTeam(row: TeamRow): Team {
  return { ...toTeam(row, false), announcement: '', custom: '' };
}

export function toMember(row: MemberRow): TeamMember {
  return {
    id: `${row.team_id}-${row.accid}`,
    teamId: String(row.team_id),
    account: row.accid,
    type: row.type,
    nickInTeam: row.nick_in_team,
    muteTeam: row.mute_team === 1,
    muteNotiType: row.mute_noti_type,
    mute: row.mute === 1,
    joinTime: Number(row.join_time),
    updateTime: Number(row.updated_at),
    active: row.valid === 1,
    valid: row.valid === 1,
    custom: row.custom,
    invitorAccid: row.invitor,
  };
}

const teamIdNumber = (teamId: string) => (/^\d{1,15}$/.test(teamId) ? Number(teamId) : -1);

export class TeamStore {
  constructor(readonly db: Kysely<Database>) {}

  async team(appKey: string, teamId: string): Promise<TeamRow | undefined> {
    const row = await this.db
      .selectFrom('im_teams')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('id', '=', teamIdNumber(teamId))
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id) };
  }

  /** The team of that kind, valid; 803 when missing or dismissed. */
  async requireTeam(
    appKey: string,
    teamId: string,
    kind: TeamRow['kind'] = 'team',
  ): Promise<TeamRow> {
    const team = await this.team(appKey, teamId);
    if (!team || team.valid !== 1 || team.kind !== kind)
      throw new CommandError(803, 'team not found');
    return team;
  }

  async member(appKey: string, teamId: number, accid: string): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('im_team_members')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('team_id', '=', teamId)
      .where('accid', '=', accid)
      .executeTakeFirst();
  }

  /** A valid member; 804 otherwise. */
  async requireMember(appKey: string, team: TeamRow, accid: string): Promise<MemberRow> {
    const member = await this.member(appKey, team.id, accid);
    if (!member || member.valid !== 1) throw new CommandError(804, `${accid} is not in the team`);
    return member;
  }

  async members(
    appKey: string,
    teamId: number,
    options: { validOnly?: boolean } = {},
  ): Promise<MemberRow[]> {
    let query = this.db
      .selectFrom('im_team_members')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('team_id', '=', teamId);
    if (options.validOnly !== false) query = query.where('valid', '=', 1);
    return query.orderBy('join_time').execute();
  }

  /** The records of these accounts in a team, present and past (unknown ones left out). */
  async membersByAccounts(appKey: string, teamId: number, accids: string[]): Promise<MemberRow[]> {
    if (accids.length === 0) return [];
    return this.db
      .selectFrom('im_team_members')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('team_id', '=', teamId)
      .where('accid', 'in', accids)
      .orderBy('join_time')
      .execute();
  }

  /**
   * A page of members by join time: after `timetag` oldest first, or before it newest first (0:
   * no bound); valid members only unless `pastToo`. Members who joined in the same millisecond (a
   * team created with its members) never straddle pages: a full page takes in the rest of its
   * last millisecond, so the next page, asked from that time, neither repeats nor skips anyone.
   * Index 0050 keeps this a range scan.
   */
  async membersPage(
    appKey: string,
    teamId: number,
    page: { timetag: number; limit: number; newestFirst: boolean; pastToo?: boolean },
  ): Promise<MemberRow[]> {
    const base = () => {
      const query = this.db
        .selectFrom('im_team_members')
        .selectAll()
        .where('app_key', '=', appKey)
        .where('team_id', '=', teamId);
      return page.pastToo ? query : query.where('valid', '=', 1);
    };
    const rows = await (
      page.newestFirst
        ? base()
            .where('join_time', '<', page.timetag || Number.MAX_SAFE_INTEGER)
            .orderBy('join_time', 'desc')
            .orderBy('accid', 'desc')
        : base().where('join_time', '>', page.timetag).orderBy('join_time').orderBy('accid')
    )
      .limit(page.limit)
      .execute();
    const last = rows[rows.length - 1];
    if (!last || rows.length < page.limit) return rows;
    const sameTime = await base()
      .where('join_time', '=', last.join_time)
      .where('accid', page.newestFirst ? '<' : '>', last.accid)
      .orderBy('accid', page.newestFirst ? 'desc' : 'asc')
      .execute();
    return [...rows, ...sameTime];
  }

  /**
   * Adds accounts up to the team's level, atomically: the team row is locked first (an update of
   * it, which takes PostgreSQL's row lock and SQLite's write lock alike), then the room is read
   * from the members themselves, so concurrent adds queue and never exceed `level`. Accounts
   * already valid members are left as they are. Returns who fitted and who did not.
   */
  async admitMembers(
    appKey: string,
    teamId: number,
    accounts: string[],
    invitor: string,
    now: number,
    type: MemberRow['type'] = 'normal',
  ) {
    return this.db.transaction().execute(async (trx) => {
      const team = await trx
        .updateTable('im_teams')
        .set({ member_updated_at: now })
        .where('app_key', '=', appKey)
        .where('id', '=', teamId)
        .returning(['level', 'kind'])
        .executeTakeFirst();
      if (!team) throw new CommandError(803, 'team not found');
      // A member reads from its join on (time >= join_time), so the join is strictly after the
      // team's last message: one stored in the same millisecond as the join stays hidden.
      const last = await trx
        .selectFrom('im_messages')
        .select((eb) => eb.fn.max('time').as('time'))
        .where('app_key', '=', appKey)
        .where('conv_key', '=', `${team.kind}:${teamId}`)
        .executeTakeFirst();
      const joinTime = Math.max(now, Number(last?.time ?? 0) + 1);
      const current = await trx
        .selectFrom('im_team_members')
        .select('accid')
        .where('app_key', '=', appKey)
        .where('team_id', '=', teamId)
        .where('valid', '=', 1)
        .execute();
      const inTeam = new Set(current.map((m) => m.accid));
      const newcomers = accounts.filter((a) => !inTeam.has(a));
      const room = Math.max(0, team.level - inTeam.size);
      const admitted = newcomers.slice(0, room);
      for (const accid of admitted) {
        await trx
          .insertInto('im_team_members')
          .values({
            app_key: appKey,
            team_id: teamId,
            accid,
            type,
            nick_in_team: '',
            mute_team: 0,
            mute_noti_type: 0,
            mute: 0,
            custom: '',
            invitor,
            valid: 1,
            join_time: joinTime,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['app_key', 'team_id', 'accid']).doUpdateSet({
              type,
              valid: 1,
              mute: 0,
              invitor,
              join_time: joinTime,
              updated_at: now,
              nick_in_team: '',
              custom: '',
            }),
          )
          .execute();
      }
      await recount(trx, appKey, teamId, now);
      return { admitted, overflow: newcomers.slice(room) };
    });
  }

  async removeMembers(appKey: string, teamId: number, accounts: string[], now: number) {
    if (accounts.length === 0) return;
    await this.db
      .updateTable('im_team_members')
      .set({ valid: 0, type: 'normal', updated_at: now })
      .where('app_key', '=', appKey)
      .where('team_id', '=', teamId)
      .where('accid', 'in', accounts)
      .execute();
    await recount(this.db, appKey, teamId, now);
  }

  /** Hands the team to `to` (a member) in one transaction: roles and the team's owner together. */
  async transferOwner(appKey: string, teamId: number, from: string, to: string, now: number) {
    await this.db.transaction().execute(async (trx) => {
      const member = (accid: string) =>
        trx
          .updateTable('im_team_members')
          .where('app_key', '=', appKey)
          .where('team_id', '=', teamId)
          .where('accid', '=', accid);
      await member(to).set({ type: 'owner', updated_at: now }).execute();
      await member(from).set({ type: 'normal', updated_at: now }).execute();
      await trx
        .updateTable('im_teams')
        .set({ owner: to, member_updated_at: now, updated_at: now })
        .where('app_key', '=', appKey)
        .where('id', '=', teamId)
        .execute();
    });
  }

  async updateMember(
    appKey: string,
    teamId: number,
    accid: string,
    changes: Partial<MemberRow>,
    now: number,
  ) {
    await this.db
      .updateTable('im_team_members')
      .set({ ...changes, updated_at: now })
      .where('app_key', '=', appKey)
      .where('team_id', '=', teamId)
      .where('accid', '=', accid)
      .execute();
    await this.db
      .updateTable('im_teams')
      .set({ member_updated_at: now })
      .where('id', '=', teamId)
      .execute();
  }

  async updateTeam(appKey: string, teamId: number, changes: Partial<TeamRow>, now: number) {
    await this.db
      .updateTable('im_teams')
      .set({ ...changes, updated_at: now })
      .where('app_key', '=', appKey)
      .where('id', '=', teamId)
      .execute();
  }

  /** Stores a new team (no members yet: admitMembers adds the owner); returns its id. */
  async insertTeam(values: Insertable<ImTeamTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('im_teams')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /** The valid teams of a kind the account is a valid member of. */
  async teamsOf(appKey: string, accid: string, kind: TeamRow['kind']): Promise<TeamRow[]> {
    const rows = await this.db
      .selectFrom('im_teams')
      .innerJoin('im_team_members', (join) =>
        join
          .onRef('im_team_members.team_id', '=', 'im_teams.id')
          .onRef('im_team_members.app_key', '=', 'im_teams.app_key'),
      )
      .selectAll('im_teams')
      .where('im_teams.app_key', '=', appKey)
      .where('im_team_members.accid', '=', accid)
      .where('im_team_members.valid', '=', 1)
      .where('im_teams.valid', '=', 1)
      .where('im_teams.kind', '=', kind)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** The account's own valid member records in the given teams (of any kind). */
  async membershipsIn(appKey: string, accid: string, teamIds: number[]): Promise<MemberRow[]> {
    if (teamIds.length === 0) return [];
    return this.db
      .selectFrom('im_team_members')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .where('team_id', 'in', teamIds)
      .where('valid', '=', 1)
      .execute();
  }

  /** Which of `accounts` (any case) exist in the app, in their stored spelling. */
  async existingAccounts(appKey: string, accounts: string[]): Promise<string[]> {
    if (accounts.length === 0) return [];
    const rows = await this.db
      .selectFrom('im_accounts')
      .select('accid')
      .where('app_key', '=', appKey)
      .where(
        'accid',
        'in',
        accounts.map((a) => a.toLowerCase()),
      )
      .execute();
    return rows.map((r) => r.accid);
  }

  /** The valid super teams an account is a valid member of. */
  async superTeamIdsOf(appKey: string, accid: string): Promise<number[]> {
    const rows = await superTeamIdsQuery(this.db, 'superTeam', 1, appKey, accid, 1);
    return rows.map((row) => Number(row.team_id));
  }

  async countOwned(appKey: string, accid: string): Promise<number> {
    const row = await this.db
      .selectFrom('im_teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_key', '=', appKey)
      .where('owner', '=', accid)
      .where('valid', '=', 1)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/** Sets the team's member count from its valid members (inside the caller's transaction, if any). */
async function recount(db: Kysely<Database>, appKey: string, teamId: number, now: number) {
  const row = await db
    .selectFrom('im_team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_key', '=', appKey)
    .where('team_id', '=', teamId)
    .where('valid', '=', 1)
    .executeTakeFirst();
  await db
    .updateTable('im_teams')
    .set({ member_num: Number(row?.n ?? 0), member_updated_at: now, updated_at: now })
    .where('app_key', '=', appKey)
    .where('id', '=', teamId)
    .execute();
}
