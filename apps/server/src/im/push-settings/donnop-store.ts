// The push-settings rows (im_donnop) read outside the command handlers: the sync source's.
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
  return db
    .selectFrom('im_donnop')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('updated_at', '>', since)
    .executeTakeFirst();
}
