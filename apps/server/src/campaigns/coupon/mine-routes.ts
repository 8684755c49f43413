// A shopper's own coupons: the list by status (with 即将过期 as data) and the tabs' counts, one
// coupon with its redemption code (the page draws it as a QR code and a barcode), and using it
// online. Another shopper's id is 60050.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { currentUser, userId, type CampaignContext } from '../context.ts';
import {
  couponCounts,
  couponWithCode,
  listCoupons,
  publicCoupon,
  requireOwnCoupon,
  useOnline,
} from '../kernel/coupons.ts';
import { expiryWarningDays } from './expiry-warning.ts';

export function registerMyCouponRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'coupon.mine', async (request) => {
    const user = await currentUser(ctx, request);
    const now = clock.now();
    const status = request.query.status ?? 'unused';
    const warnDays = await expiryWarningDays(db);
    return ok(
      (await listCoupons(db, userId(user), status, now)).map((c) =>
        publicCoupon(c, now, { warnDays }),
      ),
    );
  });

  route(scope, 'coupon.mineCounts', async (request) => {
    const user = await currentUser(ctx, request);
    const warnDays = await expiryWarningDays(db);
    const counts = await couponCounts(db, userId(user), clock.now(), warnDays);
    return ok({ ...counts, expiryWarningDays: warnDays });
  });

  route(scope, 'coupon.mineDetail', async (request) => {
    const user = await currentUser(ctx, request);
    const { id } = request.params;
    const owned = await requireOwnCoupon(db, userId(user), Number(id));
    const warnDays = await expiryWarningDays(db);
    return ok(couponWithCode(owned, clock.now(), { warnDays }));
  });

  route(scope, 'coupon.use', async (request) => {
    const user = await currentUser(ctx, request);
    const { id } = request.params;
    // A form body carries the amount as digits (FormInteger).
    const orderAmount = Number(request.body.orderAmount);
    return ok(await useOnline(db, userId(user), Number(id), orderAmount, clock.now()));
  });
}
