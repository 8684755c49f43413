// Reads of the coupon templates for the coupon centre (config-store.ts writes them).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CouponTemplateTable } from './tables.ts';

/** A campaign's templates shown in the coupon centre, in the order they were created. */
export async function claimableTemplates(
  db: Kysely<Database>,
  campaignId: string,
): Promise<Selectable<CouponTemplateTable>[]> {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('claimable', '=', 1)
    .orderBy('id')
    .execute();
}
