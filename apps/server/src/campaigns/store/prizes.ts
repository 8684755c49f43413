// A campaign's prize pool (campaign_prizes): listed in board order, found by key, and stock
// taken by one conditional update that never goes below zero, whatever the concurrency.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignPrizeTable } from './tables.ts';

type Prize = Selectable<CampaignPrizeTable>;

/** A campaign's prizes by slot, then in the order they were configured. */
export function listPrizes(db: Kysely<Database>, campaignId: string): Promise<Prize[]> {
  return db
    .selectFrom('campaign_prizes')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('slot')
    .orderBy('id')
    .execute();
}

export function findPrize(
  db: Kysely<Database>,
  campaignId: string,
  key: string,
): Promise<Prize | undefined> {
  return db
    .selectFrom('campaign_prizes')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('prize_key', '=', key)
    .executeTakeFirst();
}

/** Takes one unit of a prize's stock; false when none is left. Unlimited (null) stock always succeeds. */
export async function takePrizeStock(db: Kysely<Database>, prizeId: number): Promise<boolean> {
  const result = await db
    .updateTable('campaign_prizes')
    .set({ stock: sql<number | null>`stock - 1`, awarded: sql<number>`awarded + 1` })
    .where('id', '=', prizeId)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How to use a prize (one paragraph a line); undefined for a prize that no longer exists. */
export async function prizeUsage(
  db: Kysely<Database>,
  prizeId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('campaign_prizes')
    .select('usage')
    .where('id', '=', prizeId)
    .executeTakeFirst();
  return row?.usage;
}
