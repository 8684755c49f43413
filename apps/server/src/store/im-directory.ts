// Lookups of the IM app and account rows this module's schema holds (im_apps, im_accounts),
// for the parts that must not depend on the accounts feature: the gateway's LBS endpoint and
// messaging's known-accounts cache.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Whether an IM app with this key exists. */
export async function imAppExists(db: Kysely<Database>, appKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('im_apps')
    .select('app_key')
    .where('app_key', '=', appKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored accid of an account, found case-insensitively; undefined when there is none. */
export async function storedAccid(
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
