// Prize pools: stock taken by one conditional update (never below zero, whatever the
// concurrency), draws by configured weight, and the award that delivers the prize (points to
// the ledger, a coupon to the shopper's coupons, goods waiting for an address).
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AwardSource, PrizeKind } from '@morsel/api';
import { inTransaction, type Database } from '../../store/index.ts';
import type { CampaignAwardTable, CampaignPrizeTable } from '../store/tables.ts';
import { insertAward, setAwardCoupon } from '../store/awards.ts';
import { takePrizeStock } from '../store/prizes.ts';
import { findTemplate, issueCoupon } from './coupons.ts';
import { changePoints } from './points.ts';

export type Prize = Selectable<CampaignPrizeTable>;
export type Award = Selectable<CampaignAwardTable>;
export { findPrize, listPrizes } from '../store/prizes.ts';

export type { PrizeKind };
export const PRIZE_KINDS: readonly PrizeKind[] = ['thanks', 'points', 'coupon', 'goods'];

/** Picks a prize with probability weight / sum of weights; undefined when nothing has weight. */
export function pickWeighted<T extends { weight: number }>(
  prizes: readonly T[],
  random: (max: number) => number = randomInt,
): T | undefined {
  const drawable = prizes.filter((p) => Number(p.weight) > 0);
  const total = drawable.reduce((sum, p) => sum + Number(p.weight), 0);
  if (total <= 0) return undefined;
  let ticket = random(total);
  for (const prize of drawable) {
    ticket -= Number(prize.weight);
    if (ticket < 0) return prize;
  }
  return drawable.at(-1);
}

export interface AwardRequest {
  campaignId: string;
  userId: number;
  prize: Prize;
  /** Awarded instead when `prize` is out of stock (must itself have stock, usually unlimited). */
  fallback?: Prize;
  source: AwardSource;
  /** Makes the award once-only (a milestone, a password); the unique index enforces it. */
  businessKey?: string;
  now: number;
}

export interface AwardResult {
  award: Award;
  prize: Prize;
  /** True when the fallback replaced a prize that had run out. */
  fellBack: boolean;
}

/**
 * Takes stock and records the award, delivering points or a coupon in the same transaction.
 * Undefined when the prize is out of stock and there is no fallback (or the fallback is out too).
 */
export async function awardPrize(
  db: Kysely<Database>,
  request: AwardRequest,
): Promise<AwardResult | undefined> {
  return inTransaction(db, async (trx) => {
    let prize = request.prize;
    let fellBack = false;
    if (!(await takePrizeStock(trx, Number(prize.id)))) {
      if (!request.fallback || !(await takePrizeStock(trx, Number(request.fallback.id))))
        return undefined;
      prize = request.fallback;
      fellBack = true;
    }
    const award = await insertAward(trx, {
      campaign_id: request.campaignId,
      user_id: request.userId,
      prize_id: Number(prize.id),
      prize_key: prize.prize_key,
      name: prize.name,
      image: prize.image,
      kind: prize.kind,
      value: prize.value,
      source: request.source,
      business_key: request.businessKey ?? null,
      coupon_id: null,
      address: null,
      created_at: request.now,
    });
    return { award: await deliver(trx, award, request.now), prize, fellBack };
  });
}

async function deliver(trx: Kysely<Database>, award: Award, now: number): Promise<Award> {
  if (award.kind === 'points') {
    await changePoints(trx, {
      userId: Number(award.user_id),
      delta: Number(award.value),
      reason: `${award.name}`,
      businessKey: `award:${award.id}`,
      now,
    });
  }
  if (award.kind === 'coupon') {
    const template = await findTemplate(trx, award.value);
    if (!template)
      throw new Error(`prize ${award.prize_key} names unknown coupon template ${award.value}`);
    const coupon = await issueCoupon(trx, {
      template,
      userId: Number(award.user_id),
      source: 'award',
      now,
      enforceLimits: false,
    });
    await setAwardCoupon(trx, Number(award.id), Number(coupon.id));
    return { ...award, coupon_id: coupon.id };
  }
  return award;
}
