// Stock of the cross-border shop (xborder_stock): an order takes its pieces with one conditional
// update that only succeeds while enough are left, and a closed order gives them back.
import type { Kysely } from 'kysely';
import type { Database } from '../../../store/index.ts';

export interface StockKey {
  campaignId: string;
  productId: string;
}

/** Pieces held by orders, per product of the campaign. */
export async function soldCounts(
  db: Kysely<Database>,
  campaignId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('xborder_stock')
    .select(['product_id', 'sold'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.sold)]));
}

/**
 * Takes `quantity` pieces when `sold + quantity <= stock`; false when too few are left. The row
 * is made first (a no-op when it exists) so the take itself is one conditional update.
 */
export async function takeStock(
  db: Kysely<Database>,
  key: StockKey,
  quantity: number,
  stock: number,
  now: number,
): Promise<boolean> {
  await db
    .insertInto('xborder_stock')
    .values({ campaign_id: key.campaignId, product_id: key.productId, updated_at: now })
    .onConflict((oc) => oc.columns(['campaign_id', 'product_id']).doNothing())
    .execute();
  const result = await db
    .updateTable('xborder_stock')
    .set((eb) => ({ sold: eb('sold', '+', quantity), updated_at: now }))
    .where('campaign_id', '=', key.campaignId)
    .where('product_id', '=', key.productId)
    .where((eb) => eb(eb('sold', '+', quantity), '<=', stock))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back the pieces of an order that closed unpaid. */
export async function returnStock(
  db: Kysely<Database>,
  key: StockKey,
  quantity: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('xborder_stock')
    .set((eb) => ({ sold: eb('sold', '-', quantity), updated_at: now }))
    .where('campaign_id', '=', key.campaignId)
    .where('product_id', '=', key.productId)
    .where('sold', '>=', quantity)
    .execute();
}
