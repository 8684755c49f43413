// Awards (campaign_awards): what a shopper won, read only by its owner; the coupon an award
// delivered and the delivery address of a goods prize, each set once; the recent winners.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AwardKind } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import type { CampaignAwardTable } from './tables.ts';

type Award = Selectable<CampaignAwardTable>;
/** An award a shopper is shown: anything but a "thanks for playing". */
export type ShownAward = Award & { kind: AwardKind };

/** Records an award; a second one with the same business key fails on the unique index. */
export function insertAward(
  db: Kysely<Database>,
  award: Insertable<CampaignAwardTable>,
): Promise<Award> {
  return db.insertInto('campaign_awards').values(award).returningAll().executeTakeFirstOrThrow();
}

export async function setAwardCoupon(
  db: Kysely<Database>,
  awardId: number,
  couponId: number,
): Promise<void> {
  await db
    .updateTable('campaign_awards')
    .set({ coupon_id: couponId })
    .where('id', '=', awardId)
    .execute();
}

/** A shopper's prizes of a campaign, newest first, at most 200 ("thanks" results are not prizes). */
export function listOwnAwards(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
): Promise<ShownAward[]> {
  return db
    .selectFrom('campaign_awards')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('kind', '!=', 'thanks')
    .$narrowType<{ kind: AwardKind }>()
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** A shopper's prizes of every campaign, newest first, at most 200. */
export function listAllOwnAwards(db: Kysely<Database>, userId: number): Promise<ShownAward[]> {
  return db
    .selectFrom('campaign_awards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '!=', 'thanks')
    .$narrowType<{ kind: AwardKind }>()
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** How many prizes a shopper won in every campaign. */
export async function countAllOwnAwards(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('campaign_awards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '!=', 'thanks')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One prize of its owner in a campaign; undefined for anyone else's, a "thanks" or an unknown id. */
export function findOwnAward(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  awardId: number,
): Promise<ShownAward | undefined> {
  return db
    .selectFrom('campaign_awards')
    .selectAll()
    .where('id', '=', awardId)
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('kind', '!=', 'thanks')
    .$narrowType<{ kind: AwardKind }>()
    .executeTakeFirst();
}

/**
 * Writes an award's address (JSON): `first` only where it has none yet, `correction` only where it
 * has one and has not shipped. False when the award was not in that state.
 */
export async function writeAddress(
  db: Kysely<Database>,
  awardId: number,
  address: string,
  write: 'first' | 'correction',
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_awards')
    .set({ address })
    .where('id', '=', awardId)
    .where('address', write === 'first' ? 'is' : 'is not', null)
    .where('shipped_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether an award with this business key (a once-only prize) was already given. */
export async function awardGiven(db: Kysely<Database>, businessKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_awards')
    .select('id')
    .where('business_key', '=', businessKey)
    .executeTakeFirst();
  return row !== undefined;
}

export interface Winner {
  mobile: string;
  prizeName: string;
  createdAt: number;
}

/** The newest `limit` prizes of a campaign with their winners' numbers (unmasked). */
export async function recentWinners(
  db: Kysely<Database>,
  campaignId: string,
  limit: number,
): Promise<Winner[]> {
  const rows = await db
    .selectFrom('campaign_awards')
    .innerJoin('product_users', 'product_users.id', 'campaign_awards.user_id')
    .select([
      'campaign_awards.id',
      'campaign_awards.name',
      'campaign_awards.created_at',
      'product_users.mobile',
    ])
    .where('campaign_awards.campaign_id', '=', campaignId)
    .where('campaign_awards.kind', '!=', 'thanks')
    .orderBy('campaign_awards.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    mobile: r.mobile,
    prizeName: r.name,
    createdAt: Number(r.created_at),
  }));
}
