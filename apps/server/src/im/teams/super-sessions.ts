// Super-team sessions are computed when read: no row per member is written per message. For
// each super team of the account whose conversation moved since the timetag (a message, or a
// recall): the latest visible message, and the unread count from the account's ack (or its join
// time). updateTime stays the last message's time.
import type { Kysely } from 'kysely';
import type { Session } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { toMsg, visibleTo } from '../messaging/index.ts';
import { isTeamConvKeyOfMember } from './scene.ts';

export async function superTeamSessions(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<Session[]> {
  const rows = await db
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
    ])
    .where('im_team_members.app_key', '=', appKey)
    .where('im_team_members.accid', '=', accid)
    .where('im_team_members.valid', '=', 1)
    .where((eb) =>
      eb.or([
        eb('im_conversations.last_time', '>', since),
        // A recall since then changes the session's last message (and unread) too.
        eb.exists(
          eb
            .selectFrom('im_messages')
            .select('im_messages.id')
            .where('im_messages.app_key', '=', appKey)
            .whereRef('im_messages.conv_key', '=', 'im_conversations.conv_key')
            .where('im_messages.deleted_at', '>', since),
        ),
      ]),
    )
    .execute();
  const sessions: Session[] = [];
  for (const row of rows) {
    const floor = Math.max(
      Number(row.ack ?? 0),
      Number(row.clearedBefore ?? 0),
      Number(row.joinTime) - 1,
    );
    const base = () =>
      visibleTo(db.selectFrom('im_messages'), appKey, accid).where('conv_key', '=', row.convKey);
    const last = await base()
      .select(['id', 'seq', 'time', 'body'])
      .where('time', '>', Number(row.clearedBefore ?? 0))
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    const unread = await base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('time', '>', floor)
      .where('from_accid', '!=', accid)
      .where('unreadable', '=', 1)
      .executeTakeFirst();
    sessions.push({
      id: `superTeam-${row.teamId}`,
      scene: 'superTeam',
      to: String(row.teamId),
      updateTime: Number(row.lastTime),
      ...(last && { lastMsg: toMsg({ ...last, id: Number(last.id) }) }),
      unread: Number(unread?.n ?? 0),
      ack: Number(row.ack ?? 0),
      ...(Number(row.clearedBefore ?? 0) > 0 && { lastEmptyTime: Number(row.clearedBefore) }),
    });
  }
  return sessions;
}

export function registerSuperTeamSessionSync(sources: SyncSources, db: Kysely<Database>): void {
  sources.register('superTeamSessions', async (context, since) => {
    const { appKey, accid } = context.session;
    const sessions = await superTeamSessions(db, appKey, accid, since);
    for (let i = 0; i < sessions.length; i += 500)
      context.connection.push('syncSessions', { sessions: sessions.slice(i, i + 500) });
  });
}
