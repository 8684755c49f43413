// The coupon centre's templates as a shopper sees them: each with the shopper's claims and
// whether it can still be claimed. The centre (centre-routes.ts) and the CMS pages' coupon
// blocks (cms/routes.ts) answer the same view, and both claim through `coupon.claim`.
import type { Kysely } from 'kysely';
import type { DataOf } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import type { ProductUser } from '../../product/index.ts';
import { userId } from '../context.ts';
import { readCounters } from '../kernel/counters.ts';
import { publicTemplate, type CouponTemplate } from '../kernel/coupons.ts';

export type CentreCoupon = DataOf<'coupon.centre'>['categories'][number]['coupons'][number];

/** The per-user limit counter of a template (the kernel's `issueCoupon` counts the same key). */
export const couponLimitKey = (template: CouponTemplate, uid: number) =>
  `coupon:${template.template_key}:${uid}`;

export async function centreCoupons(
  db: Kysely<Database>,
  user: ProductUser | undefined,
  templates: CouponTemplate[],
): Promise<CentreCoupon[]> {
  const claimed = user
    ? await readCounters(
        db,
        templates.map((t) => couponLimitKey(t, userId(user))),
      )
    : new Map<string, number>();
  return templates.map((t) => {
    const mine = user ? (claimed.get(couponLimitKey(t, userId(user))) ?? 0) : 0;
    const soldOut = t.stock !== null && Number(t.stock) <= 0;
    const state: CentreCoupon['state'] =
      mine >= Number(t.per_user_limit) ? 'claimed' : soldOut ? 'sold_out' : 'claimable';
    return {
      ...publicTemplate(t),
      perUserLimit: Number(t.per_user_limit),
      claimedByMe: mine,
      soldOut,
      state,
    };
  });
}
