// A shopper's awards: listed and read only by their owner (another shopper's id answers
// "not found"), and the delivery address of a goods prize, submitted once.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { AreaIndex } from '../../product/index.ts';
import { findOwnAward, writeAddress, type ShownAward } from '../store/awards.ts';
import { writeReceipt } from '../store/fulfilment.ts';
import { prizeUsage } from '../store/prizes.ts';
import { fail } from '@morsel/api';
import { publicCoupon, requireOwnCoupon } from './coupons.ts';
import type { Award } from './prizes.ts';

export type { ShownAward } from '../store/awards.ts';

/** Whether an award is shown to its winner (a "thanks for playing" is not a prize). */
export const isShown = (award: Award): award is ShownAward => award.kind !== 'thanks';

/** My prizes of a campaign, newest first ("thanks for playing" results are not prizes). */
export { listOwnAwards as listAwards } from '../store/awards.ts';
/** My prizes of every campaign (the hub's "我的奖品") and how many there are. */
export {
  listAllOwnAwards as listAllAwards,
  countAllOwnAwards as countAllAwards,
} from '../store/awards.ts';

/** One prize of its owner; another shopper's id, a "thanks" or an unknown id answer 60003. */
export async function requireOwnAward(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  awardId: number,
): Promise<ShownAward> {
  const award = await findOwnAward(db, campaignId, userId, awardId);
  if (!award) throw fail('awardNotFound');
  return award;
}

export interface DeliveryAddress {
  name: string;
  mobile: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  regionCode: string;
  regionName: string;
  detail: string;
}

/**
 * The state a prize card shows: goods wait for an address until one is given, then for the
 * operator's shipment (decision 0038), then for the winner's confirmation of receipt.
 */
function awardState(
  award: Award,
): 'issued' | 'needs_address' | 'address_submitted' | 'shipped' | 'received' {
  if (award.kind !== 'goods') return 'issued';
  if (award.received_at !== null) return 'received';
  if (award.shipped_at !== null) return 'shipped';
  return award.address === null ? 'needs_address' : 'address_submitted';
}

/** The shipment of a goods prize as its winner and the operator see it; null until shipped. */
export function shipmentOf(award: Award) {
  if (award.shipped_at === null) return null;
  return {
    carrier: award.carrier ?? '',
    trackingNo: award.tracking_no ?? '',
    shippedAt: Number(award.shipped_at),
    receivedAt: award.received_at === null ? null : Number(award.received_at),
  };
}

export function publicAward(award: ShownAward) {
  return {
    id: Number(award.id),
    campaignId: award.campaign_id,
    prizeKey: award.prize_key,
    name: award.name,
    image: award.image,
    kind: award.kind,
    /** Points for a points prize; the template key for a coupon. */
    value: award.kind === 'points' ? Number(award.value) : award.value,
    source: award.source,
    state: awardState(award),
    couponId: award.coupon_id === null ? null : Number(award.coupon_id),
    createdAt: Number(award.created_at),
  };
}

/** One award with how to use it, its coupon (for a coupon prize) and its delivery address. */
export async function awardDetail(db: Kysely<Database>, award: ShownAward, now: number) {
  const usage = await prizeUsage(db, Number(award.prize_id));
  const coupon =
    award.coupon_id === null
      ? null
      : publicCoupon(
          await requireOwnCoupon(db, Number(award.user_id), Number(award.coupon_id)),
          now,
        );
  return {
    ...publicAward(award),
    usage: (usage ?? '').split('\n').filter((line) => line.trim() !== ''),
    coupon,
    address: award.address === null ? null : (JSON.parse(award.address) as DeliveryAddress),
    shipment: shipmentOf(award),
  };
}

export interface AddressInput {
  name: string;
  mobile: string;
  regionCode: string;
  provinceCode?: string;
  cityCode?: string;
  detail: string;
}

/** The address as stored: region codes must be a real county of the areas API. */
function checkedAddress(areas: AreaIndex, award: Award, input: AddressInput): DeliveryAddress {
  if (award.kind !== 'goods') throw fail('addressNotNeeded');
  const area = areas.completeInfo(input.regionCode);
  if (
    !area ||
    (input.provinceCode !== undefined && input.provinceCode !== area.provinceCode) ||
    (input.cityCode !== undefined && input.cityCode !== area.cityCode)
  ) {
    throw fail('addressRegionInvalid');
  }
  return { name: input.name.trim(), mobile: input.mobile, ...area, detail: input.detail.trim() };
}

/**
 * Stores the address of a goods prize: the first time (a second submission is 60031), or as a
 * correction of one it has (60033 without) while it has not shipped (61051 once it has: the
 * parcel is on its way to the address the operator read).
 */
export async function saveAddress(
  db: Kysely<Database>,
  areas: AreaIndex,
  award: Award,
  input: AddressInput,
  write: 'first' | 'correction',
): Promise<DeliveryAddress> {
  const address = checkedAddress(areas, award, input);
  if (!(await writeAddress(db, Number(award.id), JSON.stringify(address), write))) {
    const fresh = await findOwnAward(
      db,
      award.campaign_id,
      Number(award.user_id),
      Number(award.id),
    );
    if (fresh && fresh.shipped_at !== null) throw fail('addressShipped');
    throw fail(write === 'first' ? 'addressAlreadySet' : 'addressNotSet');
  }
  return address;
}

/** The winner confirms a shipped goods prize arrived (61050 before it ships; again is harmless). */
export async function confirmReceipt(
  db: Kysely<Database>,
  award: ShownAward,
  now: number,
): Promise<{ id: number; state: 'received'; receivedAt: number }> {
  if (award.received_at !== null)
    return { id: Number(award.id), state: 'received', receivedAt: Number(award.received_at) };
  if (!(await writeReceipt(db, Number(award.id), now))) {
    const fresh = await findOwnAward(
      db,
      award.campaign_id,
      Number(award.user_id),
      Number(award.id),
    );
    if (fresh && fresh.received_at !== null)
      return { id: Number(award.id), state: 'received', receivedAt: Number(fresh.received_at) };
    throw fail('awardNotShipped');
  }
  return { id: Number(award.id), state: 'received', receivedAt: now };
}
