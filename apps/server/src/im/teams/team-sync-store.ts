// The reads behind a device's team sync: teams and member records changed since a timetag, the
// messages of one's teams from one's join on, and their recalls; plus the per-team reads of the
// super-team sessions computed on read (super-sessions.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { visibleTo, type MessageStream } from '../messaging/index.ts';
import { isOwnMembershipOf, isTeamConvKeyOfMember, type TeamKind } from './scene.ts';
import type { MemberRow, TeamRow } from './team-store.ts';

export type TeamChange = TeamRow & { memberValid: number; memberUpdatedAt: number };

/**
 * The account's teams of a kind (left and dismissed ones too) where the team or the account's
 * own member record changed after `since`, with that record's validity and update time.
 */
export async function teamsChangedSince(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
): Promise<TeamChange[]> {
  const rows = await teamsChangedQuery(db, kind, appKey, accid, since).execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    memberUpdatedAt: Number(row.memberUpdatedAt),
  }));
}

/** The query of teamsChangedSince (the sync's probe is its EXISTS). */
export function teamsChangedQuery(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_teams')
    .innerJoin('im_team_members', (join) =>
      join
        .onRef('im_team_members.team_id', '=', 'im_teams.id')
        .onRef('im_team_members.app_key', '=', 'im_teams.app_key'),
    )
    .selectAll('im_teams')
    .select([
      'im_team_members.valid as memberValid',
      'im_team_members.updated_at as memberUpdatedAt',
    ])
    .where('im_teams.app_key', '=', appKey)
    .where('im_team_members.accid', '=', accid)
    .where('im_teams.kind', '=', kind)
    .where((eb) =>
      eb.or([eb('im_teams.updated_at', '>', since), eb('im_team_members.updated_at', '>', since)]),
    );
}

/** The account's own member records in teams of a kind changed after `since`, left ones too. */
export function ownMembersChangedSince(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
): Promise<MemberRow[]> {
  return ownMembersChangedQuery(db, kind, appKey, accid, since).execute();
}

/** The query of ownMembersChangedSince (the sync's probe is its EXISTS). */
export function ownMembersChangedQuery(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_team_members')
    .innerJoin('im_teams', (join) =>
      join.onRef('im_teams.id', '=', 'im_team_members.team_id').on('im_teams.kind', '=', kind),
    )
    .selectAll('im_team_members')
    .where('im_team_members.app_key', '=', appKey)
    .where('im_team_members.accid', '=', accid)
    .where('im_team_members.updated_at', '>', since);
}

/**
 * The messages of the account's teams of a kind it may see: from its join on, after its own
 * clearing of the session and its last delete of it, not recalled nor hidden. Unpaged: streamMessages pages it.
 */
export function teamMessagesOf(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
): MessageStream['query'] {
  const query = visibleTo(
    db
      .selectFrom('im_messages')
      .innerJoin('im_team_members', (join) =>
        join.on(isOwnMembershipOf('im_messages.conv_key', kind, appKey, accid)),
      )
      .leftJoin('im_sessions', (join) =>
        join
          .onRef('im_sessions.conv_key', '=', 'im_messages.conv_key')
          .on('im_sessions.app_key', '=', appKey)
          .on('im_sessions.accid', '=', accid),
      )
      .select(['im_messages.id', 'im_messages.seq', 'im_messages.time', 'im_messages.body']),
    appKey,
    accid,
  )
    .where('im_messages.scene', '=', kind)
    .where('im_messages.time', '>=', sql<number>`im_team_members.join_time`)
    .where(sql<boolean>`im_messages.time > coalesce(im_sessions.cleared_before, 0)`)
    // A session deleted on the server stops roaming what it held (a new message comes again).
    .where(sql<boolean>`im_messages.time > coalesce(im_sessions.deleted_before, 0)`);
  return query as unknown as MessageStream['query'];
}

/** Messages of the account's teams of a kind, from its join on, recalled after `since`. */
export function teamMessagesRecalledSince(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_messages')
    .innerJoin('im_team_members', (join) =>
      join.on(isOwnMembershipOf('im_messages.conv_key', kind, appKey, accid)),
    )
    .select([
      'im_messages.id',
      'im_messages.id_client',
      'im_messages.scene',
      'im_messages.from_accid',
      'im_messages.to_target',
      'im_messages.time',
      'im_messages.deleted_at',
      'im_messages.deleted_by',
      'im_messages.delete_ps',
    ])
    .where('im_messages.app_key', '=', appKey)
    .where('im_messages.scene', '=', kind)
    .where('im_messages.deleted_at', '>', since)
    .where('im_messages.time', '>=', sql<number>`im_team_members.join_time`)
    .execute();
}

export interface SuperTeamConversation {
  teamId: number;
  joinTime: number;
  convKey: string;
  lastTime: number;
  /** The account's session state, when it has a session row. */
  ack: number | null;
  clearedBefore: number | null;
  /** When the account last deleted the session (0: never); null without a row. */
  deletedBefore: number | null;
}

/**
 * The super teams the account is a valid member of whose conversation moved after `since`: a
 * newer message, or a recall since then (which changes the last message and unread count too).
 */
export async function superTeamConversationsMovedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<SuperTeamConversation[]> {
  const rows = await superTeamConversationsMovedQuery(db, appKey, accid, since).execute();
  const orNull = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    teamId: Number(row.teamId),
    joinTime: Number(row.joinTime),
    convKey: row.convKey,
    lastTime: Number(row.lastTime),
    ack: orNull(row.ack),
    clearedBefore: orNull(row.clearedBefore),
    deletedBefore: orNull(row.deletedBefore),
  }));
}

/** The query of superTeamConversationsMovedSince (the sync's probe is its EXISTS). */
export function superTeamConversationsMovedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_team_members')
    .innerJoin('im_teams', (join) =>
      join
        .onRef('im_teams.id', '=', 'im_team_members.team_id')
        .on('im_teams.kind', '=', 'superTeam'),
    )
    .innerJoin('im_conversations', (join) =>
      join
        .on('im_conversations.app_key', '=', appKey)
        .on(isTeamConvKeyOfMember('im_conversations.conv_key', 'superTeam')),
    )
    .leftJoin('im_sessions', (join) =>
      join
        .onRef('im_sessions.conv_key', '=', 'im_conversations.conv_key')
        .on('im_sessions.app_key', '=', appKey)
        .on('im_sessions.accid', '=', accid),
    )
    .select([
      'im_team_members.team_id as teamId',
      'im_team_members.join_time as joinTime',
      'im_conversations.conv_key as convKey',
      'im_conversations.last_time as lastTime',
      'im_sessions.ack as ack',
      'im_sessions.cleared_before as clearedBefore',
      'im_sessions.deleted_before as deletedBefore',
    ])
    .where('im_team_members.app_key', '=', appKey)
    .where('im_team_members.accid', '=', accid)
    .where('im_team_members.valid', '=', 1)
    .where((eb) =>
      eb.or([
        eb('im_conversations.last_time', '>', since),
        eb.exists(
          eb
            .selectFrom('im_messages')
            .select('im_messages.id')
            .where('im_messages.app_key', '=', appKey)
            .whereRef('im_messages.conv_key', '=', 'im_conversations.conv_key')
            .where('im_messages.deleted_at', '>', since),
        ),
      ]),
    );
}

/** The newest message of a conversation the account may see, after `after` (its clearing). */
export async function latestVisibleMessage(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  convKey: string,
  after: number,
) {
  const row = await visibleTo(db.selectFrom('im_messages'), appKey, accid)
    .where('conv_key', '=', convKey)
    .select(['id', 'seq', 'time', 'body'])
    .where('time', '>', after)
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/** Messages of a conversation the account may see, after `floor`, from others, that count as unread. */
export async function unreadCount(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  convKey: string,
  floor: number,
): Promise<number> {
  const row = await visibleTo(db.selectFrom('im_messages'), appKey, accid)
    .where('conv_key', '=', convKey)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('time', '>', floor)
    .where('from_accid', '!=', accid)
    .where('unreadable', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
