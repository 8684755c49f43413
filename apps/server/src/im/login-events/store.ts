// The login events' queries (decision 0014: SQL only in store modules).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { ImLoginEventTable } from './tables.ts';

export type LoginEventRow = Selectable<ImLoginEventTable>;

export async function insertLoginEvent(
  db: Kysely<Database>,
  event: Insertable<ImLoginEventTable>,
): Promise<void> {
  await db.insertInto('im_login_events').values(event).execute();
}

/** The account's events from `begin` to `end` (inclusive), `limit` of them from the chosen end. */
export function loginEventsPage(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  window: { begin: number; end: number; limit: number; newestFirst: boolean },
): Promise<LoginEventRow[]> {
  const direction = window.newestFirst ? 'desc' : 'asc';
  return db
    .selectFrom('im_login_events')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('time', '>=', window.begin)
    .where('time', '<=', window.end)
    .orderBy('time', direction)
    .orderBy('id', direction)
    .limit(window.limit)
    .execute();
}

export async function pruneLoginEvents(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('im_login_events').where('time', '<', before).execute();
}
