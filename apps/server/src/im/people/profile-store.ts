// Profiles in im_accounts as the people feature reads and writes them: by account, changed since
// a timetag (mine and my friends'), and my own edits.
import type { Kysely, Updateable } from 'kysely';
import { compiledOnce, type Database } from '../../store/index.ts';

const PROFILE_COLUMNS = [
  'accid',
  'nick',
  'icon',
  'sign',
  'gender',
  'email',
  'birth',
  'tel',
  'custom',
  'created_at',
  'updated_at',
] as const;

function profiles(db: Kysely<Database>, appKey: string) {
  return db.selectFrom('im_accounts').select(PROFILE_COLUMNS).where('app_key', '=', appKey);
}

/** One profile as stored (accid as stored: lower case). */
export type ProfileRow = Awaited<
  ReturnType<ReturnType<typeof profiles>['executeTakeFirstOrThrow']>
>;

/** The profiles of `accounts` (any case) that exist; unknown ones are left out. */
export async function profilesOf(
  db: Kysely<Database>,
  appKey: string,
  accounts: string[],
): Promise<ProfileRow[]> {
  if (accounts.length === 0) return [];
  return profiles(db, appKey)
    .where(
      'accid',
      'in',
      accounts.map((a) => a.toLowerCase()),
    )
    .execute();
}

/** The account's own profile if it changed after `since`. */
export async function ownProfileChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<ProfileRow | undefined> {
  let query = ownProfileQueries.get(db);
  if (!query) {
    // Every new device's sync reads it: compiled once. Parameters: app_key, accid, since.
    query = compiledOnce(db, (d) => ownProfileChangedQuery(d, '', '', 0));
    ownProfileQueries.set(db, query);
  }
  const [row] = await query(appKey, accid, since);
  return row;
}

const ownProfileQueries = new WeakMap<
  Kysely<Database>,
  (appKey: string, accid: string, since: number) => Promise<ProfileRow[]>
>();

/** The query of ownProfileChangedSince (the sync's probe is its EXISTS). */
export function ownProfileChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return profiles(db, appKey).where('accid', '=', accid).where('updated_at', '>', since);
}

/** The profiles of the account's current friends that changed after `since`. */
export function friendProfilesChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<ProfileRow[]> {
  return friendProfilesChangedQuery(db, appKey, accid, since).execute();
}

/** The query of friendProfilesChangedSince (the sync's probe is its EXISTS). */
export function friendProfilesChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return profiles(db, appKey)
    .where('updated_at', '>', since)
    .where(
      'accid',
      'in',
      db
        .selectFrom('im_friends')
        .select('friend')
        .where('app_key', '=', appKey)
        .where('accid', '=', accid)
        .where('valid', '=', 1),
    );
}

/** The stored spelling of an account asked for in any case, or undefined when there is none. */
export async function storedAccountId(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('im_accounts')
    .select('accid')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid.toLowerCase())
    .executeTakeFirst();
  return row?.accid;
}

/** The profile fields an account may change itself (the avatar is stored as icon). */
export type ProfileChanges = Pick<
  Updateable<Database['im_accounts']>,
  'nick' | 'icon' | 'sign' | 'gender' | 'email' | 'birth' | 'tel' | 'custom'
>;

export async function updateProfile(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  changes: ProfileChanges,
  now: number,
): Promise<void> {
  await db
    .updateTable('im_accounts')
    .set({ ...changes, updated_at: now })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .execute();
}
