// The shopper's hub (issue 28): the counts above "我的优惠券"'s tabs, the hub's summary (points,
// prizes, coupons) and one "我的奖品" across every campaign (docs/campaign-pages.md).
import { Type } from '@sinclair/typebox';
import { AwardView } from '../schemas/views.ts';
import { defineRoutes, LOGGED_IN_READ } from './define.ts';

const CouponCounts = Type.Object({
  unused: Type.Integer(),
  used: Type.Integer(),
  expired: Type.Integer(),
  expiringSoon: Type.Integer({ description: 'unused coupons expiring within the warning window' }),
});

export const HUB_ROUTES = defineRoutes({
  'coupon.mineCounts': {
    summary: "How many of the shopper's coupons are unused, used, expired and expiring soon",
    data: Type.Object({
      ...CouponCounts.properties,
      expiryWarningDays: Type.Integer({ description: 'the window of 即将过期, in days' }),
    }),
    errors: [...LOGGED_IN_READ],
  },
  'hub.summary': {
    summary: "The hub's numbers: the shopper's points, prizes and coupons (zeros for a visitor)",
    data: Type.Object({
      loggedIn: Type.Boolean(),
      points: Type.Integer(),
      prizes: Type.Integer({ description: 'prizes won in every campaign' }),
      coupons: CouponCounts,
    }),
    errors: [],
  },
  'hub.awards': {
    summary: "The shopper's prizes of every campaign, newest first (at most 200)",
    data: Type.Array(AwardView),
    errors: [...LOGGED_IN_READ],
  },
});
