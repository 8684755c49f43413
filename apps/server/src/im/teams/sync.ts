// What teams stream during a client's sync: my teams (left and dismissed ones too, after a
// first sync), my member records, and the messages of my teams since the timetag.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { newest, pushInChunks } from '../gateway/index.ts';
import { streamMessages, visibleTo, type MessageStream } from '../messaging/index.ts';
import { toMember, toTeam } from './team-store.ts';
import { isOwnMembershipOf, type TeamKind } from './scene.ts';

const NAMES = {
  team: {
    teams: 'teams',
    members: 'myTeamMembers',
    msgs: 'teamMsgs',
    teamsPush: 'syncTeams',
    membersPush: 'syncMyTeamMembers',
  },
  superTeam: {
    teams: 'superTeams',
    members: 'mySuperTeamMembers',
    msgs: 'superTeamMsgs',
    teamsPush: 'syncSuperTeams',
    membersPush: 'syncMySuperTeamMembers',
  },
} as const;

export function registerTeamSync(
  sources: SyncSources,
  db: Kysely<Database>,
  now: () => number,
  kind: TeamKind = 'team',
): void {
  const names = NAMES[kind];
  sources.register(names.teams, async (context, since) => {
    const { appKey, accid } = context.session;
    const rows = await db
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
        eb.or([
          eb('im_teams.updated_at', '>', since),
          eb('im_team_members.updated_at', '>', since),
        ]),
      )
      .execute();
    const teams = rows
      .map((row) => toTeam({ ...row, id: Number(row.id) }, row.memberValid === 1))
      .filter((team) => since > 0 || team.validToCurrentUser);
    pushInChunks(context, names.teamsPush, 'teams', teams);
    return {
      timetag: newest(
        since,
        rows.map((r) => Math.max(Number(r.updated_at), Number(r.memberUpdatedAt))),
      ),
    };
  });

  sources.register(names.members, async (context, since) => {
    const { appKey, accid } = context.session;
    const rows = await db
      .selectFrom('im_team_members')
      .innerJoin('im_teams', (join) =>
        join.onRef('im_teams.id', '=', 'im_team_members.team_id').on('im_teams.kind', '=', kind),
      )
      .selectAll('im_team_members')
      .where('im_team_members.app_key', '=', appKey)
      .where('im_team_members.accid', '=', accid)
      .where('im_team_members.updated_at', '>', since)
      .execute();
    pushInChunks(context, names.membersPush, 'members', rows.map(toMember));
    return {
      timetag: newest(
        since,
        rows.map((r) => Number(r.updated_at)),
      ),
    };
  });

  sources.register(names.msgs, async (context, since) => {
    const { appKey, accid } = context.session;
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
      .where(sql<boolean>`im_messages.time > coalesce(im_sessions.cleared_before, 0)`);
    // Paged by (time, id) and pushed by encoded size, roaming for a new device or an old timetag.
    return streamMessages(context, {
      query: query as unknown as MessageStream['query'],
      since,
      now: now(),
    });
  });
}
