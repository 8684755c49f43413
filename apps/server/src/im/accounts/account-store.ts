// IM apps and accounts in the store. Accids arrive here already normalised (lower case); tokens
// only as digests.
import type { Kysely } from 'kysely';
import { compiledOnceForAnyHandle, type Database, type ImAccountTable } from '../../store/index.ts';

export interface AppRow {
  app_key: string;
  secret: string;
  name: string;
  created_at: number;
}

const appQuery = compiledOnceForAnyHandle<AppRow, [string]>((d) =>
  d
    .selectFrom('im_apps')
    .select(['app_key', 'secret', 'name', 'created_at'])
    .where('app_key', '=', ''),
);

/** The app (every login and upload ticket reads it: compiled once, not built per call). */
export async function findApp(db: Kysely<Database>, appKey: string): Promise<AppRow | undefined> {
  const [row] = await appQuery(db, appKey);
  return row;
}

const ACCOUNT_COLUMNS = [
  'app_key',
  'accid',
  'nick',
  'icon',
  'props',
  'disabled',
  'created_at',
  'updated_at',
] as const;

export type AccountRow = Pick<
  ImAccountTable,
  'app_key' | 'accid' | 'nick' | 'disabled' | 'created_at' | 'updated_at'
> & { icon: string; props: string };

/** An account of the app by its stored (lower-case) accid, without its token digest. */
export function findAccount(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom('im_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .executeTakeFirst();
}

// Parameters in this order: app_key, accid.
const accountWithTokenQuery = compiledOnceForAnyHandle<
  AccountRow & { token: string },
  [string, string]
>((d) =>
  d
    .selectFrom('im_accounts')
    .select([...ACCOUNT_COLUMNS, 'token'])
    .where('app_key', '=', '')
    .where('accid', '=', ''),
);

/** The same with the token digest, for the login check (every login: compiled once). */
export async function findAccountWithToken(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
): Promise<(AccountRow & { token: string }) | undefined> {
  const [row] = await accountWithTokenQuery(db, appKey, accid);
  return row;
}

export interface NewAccount {
  appKey: string;
  accid: string;
  tokenHash: string;
  name: string;
  icon: string;
  props: string;
}

/** Registers an account; an accid the app already has fails with a unique violation. */
export async function insertAccount(
  db: Kysely<Database>,
  account: NewAccount,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_accounts')
    .values({
      app_key: account.appKey,
      accid: account.accid,
      token: account.tokenHash,
      nick: account.name,
      icon: account.icon,
      props: account.props,
      disabled: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export type AccountChanges = Partial<Pick<ImAccountTable, 'token' | 'disabled'>> & {
  props?: string;
};

/** Changes an account; false when the app has no such accid. */
export async function updateAccount(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  changes: AccountChanges,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('im_accounts')
    .set({ ...changes, updated_at: now })
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The settings an app's backend sets on an account (user/mute, user/setDonnop, user/muteAv). */
export interface AccountSettings {
  muted: number;
  donnop_open: number;
  mute_av: number;
}

// Parameters in this order: app_key, accid.
const settingsQuery = compiledOnceForAnyHandle<AccountSettings, [string, string]>((d) =>
  d
    .selectFrom('im_accounts')
    .select(['muted', 'donnop_open', 'mute_av'])
    .where('app_key', '=', '')
    .where('accid', '=', ''),
);

/** Read on every message an account sends (the muted-sender guard), so compiled once. */
export async function findAccountSettings(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
): Promise<AccountSettings | undefined> {
  const [row] = await settingsQuery(db, appKey, accid);
  return row;
}

/**
 * Changes an account's settings; false when the app has no such accid. The profile's update time
 * stays: the settings are not part of the profile clients sync.
 */
export async function updateAccountSettings(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  changes: Partial<AccountSettings>,
): Promise<boolean> {
  const result = await db
    .updateTable('im_accounts')
    .set(changes)
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
