// Presence events and subscriptions in the store: each account's latest event of each kept type,
// and who subscribed to whose events until when. Expired rows are never delivered nor listed;
// pruneExpired deletes them.
import type { Kysely, Selectable } from 'kysely';
import { ONLINE_STATE_EVENT } from '@morsel/protocol';
import { compiledOnceForAnyHandle, type Database } from '../../store/index.ts';
import type { ImEventSubTable, ImEventTable } from './tables.ts';

export type SubscriptionRow = Selectable<ImEventSubTable>;

// Parameters in this order: app_key, account (or subscriber), expires_at.
const pruneEvents = compiledOnceForAnyHandle<unknown, [string, string, number]>((d) =>
  d
    .deleteFrom('im_events')
    .where('app_key', '=', '')
    .where('account', '=', '')
    .where('expires_at', '<=', 0),
);
const pruneSubscriptions = compiledOnceForAnyHandle<unknown, [string, string, number]>((d) =>
  d
    .deleteFrom('im_event_subs')
    .where('app_key', '=', '')
    .where('subscriber', '=', '')
    .where('expires_at', '<=', 0),
);

/**
 * Deletes the account's expired kept events and its expired subscriptions (every login runs it:
 * compiled once, not built per call).
 */
export async function pruneExpired(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  now: number,
): Promise<void> {
  await pruneEvents(db, appKey, accid, now);
  await pruneSubscriptions(db, appKey, accid, now);
}

/** The event types the account keeps (expired or not), the online state left out. */
export async function keptEventTypes(
  db: Kysely<Database>,
  appKey: string,
  account: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('im_events')
    .select('type')
    .where('app_key', '=', appKey)
    .where('account', '=', account)
    .where('type', '!=', ONLINE_STATE_EVENT)
    .execute();
  return rows.map((r) => r.type);
}

// Parameters in this order: the nine columns as inserted. A conflict takes the new row's values
// through `excluded` (SQLite and PostgreSQL both name it so), so each is passed once.
const upsertEvent = compiledOnceForAnyHandle<
  unknown,
  [string, string, number, number, string | null, string | null, number | null, number, number]
>((d) =>
  d
    .insertInto('im_events')
    .values({
      app_key: '',
      account: '',
      type: 0,
      value: 0,
      custom: '',
      id_client: '',
      client_type: 0,
      time: 0,
      expires_at: 0,
    })
    .onConflict((oc) =>
      oc.columns(['app_key', 'account', 'type']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        custom: eb.ref('excluded.custom'),
        id_client: eb.ref('excluded.id_client'),
        client_type: eb.ref('excluded.client_type'),
        time: eb.ref('excluded.time'),
        expires_at: eb.ref('excluded.expires_at'),
      })),
    ),
);

/** Keeps the event as the account's latest of its type (every login and logout: compiled once). */
export async function saveEvent(db: Kysely<Database>, row: ImEventTable): Promise<void> {
  await upsertEvent(
    db,
    row.app_key,
    row.account,
    row.type,
    row.value,
    row.custom,
    row.id_client,
    row.client_type,
    row.time,
    row.expires_at,
  );
}

/** The live kept events of this type of these accounts. */
export function liveEvents(
  db: Kysely<Database>,
  appKey: string,
  type: number,
  accounts: string[],
  now: number,
): Promise<ImEventTable[]> {
  if (accounts.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('im_events')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('type', '=', type)
    .where('account', 'in', accounts)
    .where('expires_at', '>', now)
    .execute();
}

// Parameters in this order: app_key, target, type, expires_at.
const subscribersQuery = compiledOnceForAnyHandle<
  { subscriber: string },
  [string, string, number, number]
>((d) =>
  d
    .selectFrom('im_event_subs')
    .select('subscriber')
    .where('app_key', '=', '')
    .where('target', '=', '')
    .where('type', '=', 0)
    .where('expires_at', '>', 0),
);

/** The accounts with a live subscription to `target`'s events of this type (every login: compiled once). */
export async function liveSubscribers(
  db: Kysely<Database>,
  appKey: string,
  target: string,
  type: number,
  now: number,
): Promise<string[]> {
  const rows = await subscribersQuery(db, appKey, target, type, now);
  return rows.map((r) => r.subscriber);
}

/** Every subscription the account holds (expired or not), as type and target. */
export function heldSubscriptions(
  db: Kysely<Database>,
  appKey: string,
  subscriber: string,
): Promise<{ type: number; target: string }[]> {
  return db
    .selectFrom('im_event_subs')
    .select(['type', 'target'])
    .where('app_key', '=', appKey)
    .where('subscriber', '=', subscriber)
    .execute();
}

/** Which of these accids the app has (they arrive in lower case, as accids are stored). */
export async function registeredAccids(
  db: Kysely<Database>,
  appKey: string,
  accids: string[],
): Promise<string[]> {
  if (accids.length === 0) return [];
  const rows = await db
    .selectFrom('im_accounts')
    .select('accid')
    .where('app_key', '=', appKey)
    .where('accid', 'in', accids)
    .execute();
  return rows.map((r) => r.accid);
}

export interface Subscription {
  appKey: string;
  subscriber: string;
  type: number;
  target: string;
  /** How long it lasts, in seconds. */
  seconds: number;
}

/** Subscribes, or renews the subscription from `now` for its new duration. */
export async function saveSubscription(
  db: Kysely<Database>,
  subscription: Subscription,
  now: number,
): Promise<void> {
  const { seconds } = subscription;
  await db
    .insertInto('im_event_subs')
    .values({
      app_key: subscription.appKey,
      subscriber: subscription.subscriber,
      type: subscription.type,
      target: subscription.target,
      subscribe_time: seconds,
      expires_at: now + seconds * 1000,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['app_key', 'subscriber', 'type', 'target']).doUpdateSet({
        subscribe_time: seconds,
        expires_at: now + seconds * 1000,
        created_at: now,
      }),
    )
    .execute();
}

/** Drops the account's subscriptions of this type: to these targets, or all when none given. */
export async function deleteSubscriptions(
  db: Kysely<Database>,
  appKey: string,
  subscriber: string,
  type: number,
  targets?: string[],
): Promise<void> {
  if (targets?.length === 0) return;
  let query = db
    .deleteFrom('im_event_subs')
    .where('app_key', '=', appKey)
    .where('subscriber', '=', subscriber)
    .where('type', '=', type);
  if (targets) query = query.where('target', 'in', targets);
  await query.execute();
}

/** The account's live subscriptions of this type: to these targets, or all when none given. */
export function liveSubscriptions(
  db: Kysely<Database>,
  appKey: string,
  subscriber: string,
  type: number,
  now: number,
  targets?: string[],
): Promise<SubscriptionRow[]> {
  if (targets?.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('im_event_subs')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('subscriber', '=', subscriber)
    .where('type', '=', type)
    .where('expires_at', '>', now);
  if (targets) query = query.where('target', 'in', targets);
  return query.execute();
}
