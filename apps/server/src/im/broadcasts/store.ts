// The broadcast messages' queries (decision 0014: SQL only in store modules).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface BroadcastRow {
  id: number;
  from_accid: string;
  body: string;
  target_os: string;
  time: number;
  expires_at: number;
}

/**
 * Stores a broadcast at the first time from `values.time` on that no other broadcast of the app
 * has (the unique index decides between processes); answers the time it got.
 */
export async function insertBroadcast(
  db: Kysely<Database>,
  values: Omit<BroadcastRow, 'id'> & { app_key: string },
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const newest = await db
      .selectFrom('im_broadcast_msgs')
      .select((eb) => eb.fn.max('time').as('time'))
      .where('app_key', '=', values.app_key)
      .executeTakeFirst();
    const time = Math.max(values.time, Number(newest?.time ?? 0) + 1);
    try {
      await db
        .insertInto('im_broadcast_msgs')
        .values({
          ...values,
          time,
          expires_at: values.expires_at && values.expires_at + time - values.time,
        })
        .execute();
      return time;
    } catch (error) {
      // Another process took that time in between: read again (a few times at most).
      if (attempt >= 4) throw error;
    }
  }
}

/**
 * The kept broadcasts of the app newer than `since`, not expired at `now` and not acknowledged by
 * the account: the newest `limit` of them, oldest first.
 */
export async function keptBroadcastsSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
  now: number,
  limit: number,
): Promise<BroadcastRow[]> {
  const rows = await keptBroadcastsQuery(db, appKey, accid, since, now)
    .orderBy('b.time', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows
    .map((r) => ({
      ...r,
      id: Number(r.id),
      time: Number(r.time),
      expires_at: Number(r.expires_at),
    }))
    .reverse();
}

/** The rows keptBroadcastsSince reads (the sync's probe is their EXISTS). */
export function keptBroadcastsQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
  now: number,
) {
  return db
    .selectFrom('im_broadcast_msgs as b')
    .select(['b.id', 'b.from_accid', 'b.body', 'b.target_os', 'b.time', 'b.expires_at'])
    .where('b.app_key', '=', appKey)
    .where('b.time', '>', since)
    .where('b.expires_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('im_broadcast_acks as a')
            .select('a.broadcast_time')
            .whereRef('a.app_key', '=', 'b.app_key')
            .where('a.accid', '=', accid)
            .whereRef('a.broadcast_time', '=', 'b.time'),
        ),
      ),
    );
}

/**
 * Records that the account acknowledged these broadcasts (their broadcastIds, i.e. times): only
 * kept ones not yet expired, as only those could be synced again; others are skipped.
 */
export async function acknowledgeBroadcasts(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  times: number[],
  now: number,
): Promise<void> {
  if (times.length === 0) return;
  const kept = await db
    .selectFrom('im_broadcast_msgs')
    .select(['time', 'expires_at'])
    .where('app_key', '=', appKey)
    .where('time', 'in', times)
    .where('expires_at', '>', now)
    .execute();
  if (kept.length === 0) return;
  await db
    .insertInto('im_broadcast_acks')
    .values(
      kept.map((row) => ({
        app_key: appKey,
        accid,
        broadcast_time: Number(row.time),
        expires_at: Number(row.expires_at),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Forgets broadcasts past their ttl (and online-only ones, which are never synced), and their acks. */
export async function pruneBroadcasts(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('im_broadcast_msgs').where('expires_at', '<=', now).execute();
  await db.deleteFrom('im_broadcast_acks').where('expires_at', '<=', now).execute();
}
