// The page views the lizard script reports (routes/lizard.ts); housekeeping prunes old ones.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { LizardPageViewTable } from './tables.ts';

export type NewPageView = Omit<Insertable<LizardPageViewTable>, 'id'>;

export async function insertPageView(db: Kysely<Database>, view: NewPageView): Promise<void> {
  await db.insertInto('lizard_page_views').values(view).execute();
}
