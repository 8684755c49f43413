// The seed's queries: the default IM app's key (kept in meta), the app row and the demo
// accounts. Each takes the transaction the seed runs in, so one start seeds all or nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.ts';

type Db = Kysely<Database>;

const DEFAULT_APP_KEY = 'im.defaultAppKey';

/** Runs `work` in one transaction. */
export function inSeedTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** The app key this install chose on an earlier start, if any. */
export async function storedDefaultAppKey(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', DEFAULT_APP_KEY)
    .executeTakeFirst();
  return row?.value;
}

/** Records the default app key (`replacing` one stored before, or the first). */
export async function saveDefaultAppKey(db: Db, appKey: string, replacing: boolean): Promise<void> {
  if (replacing)
    await db
      .updateTable('meta')
      .set({ value: appKey })
      .where('key', '=', DEFAULT_APP_KEY)
      .execute();
  else await db.insertInto('meta').values({ key: DEFAULT_APP_KEY, value: appKey }).execute();
}

/** The secret of an app, or undefined when the app does not exist. */
export async function appSecret(db: Db, appKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('im_apps')
    .select('secret')
    .where('app_key', '=', appKey)
    .executeTakeFirst();
  return row?.secret;
}

export async function insertApp(
  db: Db,
  app: { appKey: string; secret: string; name: string; now: number },
): Promise<void> {
  await db
    .insertInto('im_apps')
    .values({ app_key: app.appKey, secret: app.secret, name: app.name, created_at: app.now })
    .execute();
}

export async function setAppSecret(db: Db, appKey: string, secret: string): Promise<void> {
  await db.updateTable('im_apps').set({ secret }).where('app_key', '=', appKey).execute();
}

/** An account's row id and token digest, or undefined when it does not exist. */
export async function findAccountToken(
  db: Db,
  appKey: string,
  accid: string,
): Promise<{ id: number; token: string } | undefined> {
  return db
    .selectFrom('im_accounts')
    .select(['id', 'token'])
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .executeTakeFirst();
}

export async function insertDemoAccount(
  db: Db,
  account: { appKey: string; accid: string; nick: string; tokenHash: string; now: number },
): Promise<void> {
  await db
    .insertInto('im_accounts')
    .values({
      app_key: account.appKey,
      accid: account.accid,
      nick: account.nick,
      token: account.tokenHash,
      disabled: 0,
      created_at: account.now,
      updated_at: account.now,
    })
    .execute();
}

export async function setAccountToken(
  db: Db,
  id: number,
  tokenHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('im_accounts')
    .set({ token: tokenHash, updated_at: now })
    .where('id', '=', id)
    .execute();
}
