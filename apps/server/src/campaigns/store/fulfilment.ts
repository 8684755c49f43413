// The operator's side of awards (decision 0038): a campaign's winners with their account's number,
// newest first and filtered by fulfilment state; a goods prize's shipment and its receipt, each
// written by one conditional update so a state is never skipped or entered twice.
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { AwardKind } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import type { CampaignAwardTable } from './tables.ts';

/** Where a goods prize is on its way to the winner; any other prize is simply `issued`. */
export type FulfilmentState = 'issued' | 'unclaimed' | 'address_given' | 'shipped' | 'received';

export type WinnerRow = Selectable<CampaignAwardTable> & {
  kind: AwardKind;
  account_mobile: string;
};

type AwardsBuilder = ExpressionBuilder<Database, 'campaign_awards'>;

/** The condition that selects the awards in `state`. */
function inState(eb: AwardsBuilder, state: FulfilmentState) {
  const goods = eb('campaign_awards.kind', '=', 'goods');
  switch (state) {
    case 'issued':
      return eb('campaign_awards.kind', '!=', 'goods');
    case 'unclaimed':
      return eb.and([goods, eb('campaign_awards.address', 'is', null)]);
    case 'address_given':
      return eb.and([
        goods,
        eb('campaign_awards.address', 'is not', null),
        eb('campaign_awards.shipped_at', 'is', null),
      ]);
    case 'shipped':
      return eb.and([
        eb('campaign_awards.shipped_at', 'is not', null),
        eb('campaign_awards.received_at', 'is', null),
      ]);
    case 'received':
      return eb('campaign_awards.received_at', 'is not', null);
  }
}

export interface WinnerQuery {
  state?: FulfilmentState;
  /** Only awards with a smaller id (the next page of a newest-first list). */
  before?: number;
  limit: number;
}

/** A campaign's awards ("thanks" excluded) with the winner's account number, newest first. */
export function listWinners(
  db: Kysely<Database>,
  campaignId: string,
  query: WinnerQuery,
): Promise<WinnerRow[]> {
  return db
    .selectFrom('campaign_awards')
    .innerJoin('product_users', 'product_users.id', 'campaign_awards.user_id')
    .selectAll('campaign_awards')
    .select('product_users.mobile as account_mobile')
    .where('campaign_awards.campaign_id', '=', campaignId)
    .where('campaign_awards.kind', '!=', 'thanks')
    .$if(query.state !== undefined, (q) => q.where((eb) => inState(eb, query.state!)))
    .$if(query.before !== undefined, (q) => q.where('campaign_awards.id', '<', query.before!))
    .$narrowType<{ kind: AwardKind }>()
    .orderBy('campaign_awards.id', 'desc')
    .limit(query.limit)
    .execute();
}

/** One award of a campaign with its winner's number; undefined for a "thanks" or another campaign's. */
export function findWinner(
  db: Kysely<Database>,
  campaignId: string,
  awardId: number,
): Promise<WinnerRow | undefined> {
  return db
    .selectFrom('campaign_awards')
    .innerJoin('product_users', 'product_users.id', 'campaign_awards.user_id')
    .selectAll('campaign_awards')
    .select('product_users.mobile as account_mobile')
    .where('campaign_awards.id', '=', awardId)
    .where('campaign_awards.campaign_id', '=', campaignId)
    .where('campaign_awards.kind', '!=', 'thanks')
    .$narrowType<{ kind: AwardKind }>()
    .executeTakeFirst();
}

export interface Shipment {
  carrier: string;
  trackingNo: string;
}

/**
 * Records (or corrects) the shipment of a goods prize that has an address and is not received
 * yet; the first shipment's time stays when the tracking number is corrected. False otherwise.
 */
export async function writeShipment(
  db: Kysely<Database>,
  awardId: number,
  shipment: Shipment,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_awards')
    .set((eb) => ({
      carrier: shipment.carrier,
      tracking_no: shipment.trackingNo,
      shipped_at: eb.fn.coalesce('shipped_at', eb.val(now)),
    }))
    .where('id', '=', awardId)
    .where('kind', '=', 'goods')
    .where('address', 'is not', null)
    .where('received_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The winner's confirmation that a shipped prize arrived; false unless shipped and not received. */
export async function writeReceipt(
  db: Kysely<Database>,
  awardId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_awards')
    .set({ received_at: now })
    .where('id', '=', awardId)
    .where('shipped_at', 'is not', null)
    .where('received_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
