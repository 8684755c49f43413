// Bag codes (campaign_bag_codes, migration 0029): imported in batches, opened once by one
// conditional update, linked to the award they produced, and the goods order confirmed once.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignBagCodeTable } from './tables.ts';

export type BagCode = Selectable<CampaignBagCodeTable>;

/** Inserts the codes the campaign does not have yet; answers how many were new. */
export async function importBagCodes(
  db: Kysely<Database>,
  campaignId: string,
  batch: string,
  codes: readonly string[],
  now: number,
): Promise<number> {
  let imported = 0;
  // Chunks keep each statement well under both engines' parameter limits.
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .insertInto('campaign_bag_codes')
      .values(
        codes.slice(i, i + 500).map((code) => ({
          campaign_id: campaignId,
          code,
          batch,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'code']).doNothing())
      .returning('code')
      .execute();
    imported += rows.length;
  }
  return imported;
}

export function findBagCode(
  db: Kysely<Database>,
  campaignId: string,
  code: string,
): Promise<BagCode | undefined> {
  return db
    .selectFrom('campaign_bag_codes')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Marks an unopened code opened by the shopper; false when it is unknown or already opened. */
export async function takeBagCode(
  db: Kysely<Database>,
  campaignId: string,
  code: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_bag_codes')
    .set({ opened_by: userId, opened_at: now })
    .where('campaign_id', '=', campaignId)
    .where('code', '=', code)
    .where('opened_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setBagAward(
  db: Kysely<Database>,
  campaignId: string,
  code: string,
  awardId: number,
): Promise<void> {
  await db
    .updateTable('campaign_bag_codes')
    .set({ award_id: awardId })
    .where('campaign_id', '=', campaignId)
    .where('code', '=', code)
    .execute();
}

/** The code row of an award the shopper won from a bag. */
export function bagCodeOfAward(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  awardId: number,
): Promise<BagCode | undefined> {
  return db
    .selectFrom('campaign_bag_codes')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('opened_by', '=', userId)
    .where('award_id', '=', awardId)
    .executeTakeFirst();
}

/** Confirms the order once; false when it was already confirmed. */
export async function confirmBagOrder(
  db: Kysely<Database>,
  campaignId: string,
  awardId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_bag_codes')
    .set({ confirmed_at: now })
    .where('campaign_id', '=', campaignId)
    .where('award_id', '=', awardId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many bags a shopper opened. */
export async function countOpenedBy(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom('campaign_bag_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('opened_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
