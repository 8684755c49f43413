// The campaign rows themselves, as every campaign route reads them (the admin API's list and
// patch are in admin-store.ts).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignTable } from './tables.ts';

export function findCampaign(
  db: Kysely<Database>,
  id: string,
): Promise<Selectable<CampaignTable> | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The live campaign of a kind that started last (a kind's current one, kernel/window.ts). */
export function findCurrentOfKind(
  db: Kysely<Database>,
  kind: string,
): Promise<Selectable<CampaignTable> | undefined> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('kind', '=', kind)
    .where('status', 'in', ['live', 'paused', 'ended'])
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}
