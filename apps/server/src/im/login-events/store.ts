// The login events' queries (decision 0014: SQL only in store modules).
import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnceForAnyHandle, type Database } from '../../store/index.ts';
import type { ImLoginEventTable } from './tables.ts';

export type LoginEventRow = Selectable<ImLoginEventTable>;

// Parameters in this order: app_key, accid, event_type, client_type, device_id, client_ip, time.
const insertQuery = compiledOnceForAnyHandle<
  unknown,
  [string, string, number, number, string, string, number]
>((d) =>
  d.insertInto('im_login_events').values({
    app_key: '',
    accid: '',
    event_type: 0,
    client_type: 0,
    device_id: '',
    client_ip: '',
    time: 0,
  }),
);

/** Every login and logout writes one (inside the grouped write's transaction): compiled once. */
export async function insertLoginEvent(
  db: Kysely<Database>,
  event: Omit<Insertable<ImLoginEventTable>, 'id'>,
): Promise<void> {
  await insertQuery(
    db,
    event.app_key,
    event.accid,
    event.event_type,
    event.client_type,
    event.device_id,
    event.client_ip,
    event.time,
  );
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
