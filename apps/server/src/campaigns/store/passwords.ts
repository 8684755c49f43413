// Campaign passwords (campaign_passwords; config-store.ts writes them): found by the typed
// text, and a use taken by one conditional update that never passes the use limit.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignPasswordTable } from './tables.ts';

export function findPassword(
  db: Kysely<Database>,
  campaignId: string,
  password: string,
): Promise<Selectable<CampaignPasswordTable> | undefined> {
  return db
    .selectFrom('campaign_passwords')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('password', '=', password)
    .executeTakeFirst();
}

/** Counts one use of a password below its limit (null: unlimited); false when it is used up. */
export async function takePasswordUse(db: Kysely<Database>, passwordId: number): Promise<boolean> {
  const used = await db
    .updateTable('campaign_passwords')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('id', '=', passwordId)
    .where((eb) => eb.or([eb('use_limit', 'is', null), eb('used', '<', eb.ref('use_limit'))]))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
