// Super-team sessions are computed when read: no row per member is written per message. For
// each super team of the account whose conversation moved since the timetag (a message, or a
// recall): the latest visible message, and the unread count from the account's ack (or its join
// time). updateTime stays the last message's time. A session the account deleted comes back with
// the first message after the delete.
import type { Kysely } from 'kysely';
import type { Session } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { toMsg } from '../messaging/index.ts';
import {
  latestVisibleMessage,
  superTeamConversationsMovedQuery,
  superTeamConversationsMovedSince,
  unreadCount,
} from './team-sync-store.ts';

export async function superTeamSessions(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<Session[]> {
  const rows = await superTeamConversationsMovedSince(db, appKey, accid, since);
  const sessions: Session[] = [];
  for (const row of rows) {
    // Deleted on the server, and nothing new since: it stays deleted (NIM's SDK and a new device
    // would otherwise show it again).
    if (row.lastTime <= (row.deletedBefore ?? 0)) continue;
    const clearedBefore = row.clearedBefore ?? 0;
    const floor = Math.max(row.ack ?? 0, clearedBefore, row.joinTime - 1);
    const last = await latestVisibleMessage(db, appKey, accid, row.convKey, clearedBefore);
    const unread = await unreadCount(db, appKey, accid, row.convKey, floor);
    sessions.push({
      id: `superTeam-${row.teamId}`,
      scene: 'superTeam',
      to: String(row.teamId),
      updateTime: row.lastTime,
      ...(last && { lastMsg: toMsg(last) }),
      unread,
      ack: row.ack ?? 0,
      ...(clearedBefore > 0 && { lastEmptyTime: clearedBefore }),
    });
  }
  return sessions;
}

export function registerSuperTeamSessionSync(sources: SyncSources, db: Kysely<Database>): void {
  sources.register(
    'superTeamSessions',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const sessions = await superTeamSessions(db, appKey, accid, since);
      for (let i = 0; i < sessions.length; i += 500)
        context.connection.push('syncSessions', { sessions: sessions.slice(i, i + 500) });
    },
    (p) => superTeamConversationsMovedQuery(db, p.appKey, p.accid, p.since),
    { emptyReturns: 'clock' },
  );
}
