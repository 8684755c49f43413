// The shopper's hub (`/`): its numbers (points, prizes of every campaign, coupons) in one call, and
// "我的奖品" across every campaign; each prize links to its campaign's detail page.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from './context.ts';
import { countAllAwards, listAllAwards, publicAward } from './kernel/awards.ts';
import { couponCounts } from './kernel/coupons.ts';
import { pointsBalance } from './kernel/points.ts';
import { expiryWarningDays } from './coupon/expiry-warning.ts';

export function registerHubRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'hub.summary', async (request) => {
    const user = await optionalUser(ctx, request);
    if (!user) {
      // A visitor's hub shows zeros beside a login prompt, never "-".
      const none = { unused: 0, used: 0, expired: 0, expiringSoon: 0 };
      return ok({ loggedIn: false, points: 0, prizes: 0, coupons: none });
    }
    const uid = userId(user);
    const [points, prizes, coupons] = await Promise.all([
      pointsBalance(db, uid),
      countAllAwards(db, uid),
      expiryWarningDays(db).then((days) => couponCounts(db, uid, clock.now(), days)),
    ]);
    return ok({ loggedIn: true, points, prizes, coupons });
  });

  route(scope, 'hub.awards', async (request) => {
    const user = await currentUser(ctx, request);
    return ok((await listAllAwards(db, userId(user))).map(publicAward));
  });
}
