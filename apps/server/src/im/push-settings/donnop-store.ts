// The push-settings rows (im_donnop) in the store: written by updateDonnop, read by the sync source.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { PushSettingsTables } from './tables.ts';

export type DonnopRow = Selectable<PushSettingsTables['im_donnop']>;

/** An account's push settings when they changed after `since`, else undefined. */
export async function donnopChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<DonnopRow | undefined> {
  return donnopChangedQuery(db, appKey, accid, since).executeTakeFirst();
}

/** The query of donnopChangedSince (the sync's probe is its EXISTS). */
export function donnopChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_donnop')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('updated_at', '>', since);
}

/** Stores an account's push settings, replacing what it had. */
export async function saveDonnop(db: Kysely<Database>, row: DonnopRow): Promise<void> {
  const { app_key: _app, accid: _accid, ...changes } = row;
  await db
    .insertInto('im_donnop')
    .values(row)
    .onConflict((oc) => oc.columns(['app_key', 'accid']).doUpdateSet(changes))
    .execute();
}
