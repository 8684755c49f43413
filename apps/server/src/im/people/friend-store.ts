// Friendships in im_friends: one row per direction (accid's view of friend), kept after a
// deletion with valid 0 so that syncing devices learn of it.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { ImFriendTable } from './tables.ts';

export function findFriend(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  friend: string,
): Promise<ImFriendTable | undefined> {
  return db
    .selectFrom('im_friends')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('friend', '=', friend)
    .executeTakeFirst();
}

export interface FriendshipChange {
  valid: boolean;
  /** Also forget the alias (a deletion that asked for it). */
  clearAlias: boolean;
}

/**
 * Makes (valid) or unmakes one direction of a friendship. A new row starts empty; an existing one
 * keeps its alias and custom data unless `clearAlias`, and a renewed friendship restarts its
 * created time.
 */
export async function setFriendship(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  friend: string,
  { valid, clearAlias }: FriendshipChange,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_friends')
    .values({
      app_key: appKey,
      accid,
      friend,
      alias: '',
      custom: '',
      serverex: '',
      valid: valid ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['app_key', 'accid', 'friend']).doUpdateSet({
        valid: valid ? 1 : 0,
        updated_at: now,
        ...(clearAlias && { alias: '' }),
        ...(valid && { created_at: now }),
      }),
    )
    .execute();
}

/** What accid keeps about a friend: alias and custom (its own), serverex (the app server's). */
export interface FriendNotes {
  alias?: string;
  custom?: string;
  serverex?: string;
}

/** Changes the alias, custom data and/or server data accid keeps for a friend. */
export async function updateFriendNotes(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  friend: string,
  notes: FriendNotes,
  now: number,
): Promise<void> {
  await db
    .updateTable('im_friends')
    .set({
      ...(notes.alias !== undefined && { alias: notes.alias }),
      ...(notes.custom !== undefined && { custom: notes.custom }),
      ...(notes.serverex !== undefined && { serverex: notes.serverex }),
      updated_at: now,
    })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('friend', '=', friend)
    .execute();
}

/** The account's current friends. */
export function currentFriends(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
): Promise<ImFriendTable[]> {
  return db
    .selectFrom('im_friends')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('valid', '=', 1)
    .execute();
}

/** Which of `accounts` are current friends of accid. */
export async function validFriendsAmong(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  accounts: string[],
): Promise<Set<string>> {
  if (accounts.length === 0) return new Set();
  const rows = await db
    .selectFrom('im_friends')
    .select('friend')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('valid', '=', 1)
    .where('friend', 'in', accounts)
    .execute();
  return new Set(rows.map((r) => r.friend));
}

/** The account's friend rows changed after `since`, deleted ones (valid 0) included. */
export function friendsChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<ImFriendTable[]> {
  return friendsChangedQuery(db, appKey, accid, since).execute();
}

/** The query of friendsChangedSince (the sync's probe is its EXISTS). */
export function friendsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_friends')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('updated_at', '>', since);
}
