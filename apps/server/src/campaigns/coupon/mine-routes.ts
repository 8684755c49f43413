// A shopper's own coupons: the list by status, one coupon with its redemption code (the page
// draws it as a QR code and a barcode), and using it online. Another shopper's id is 60050.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { currentUser, userId, type CampaignContext } from '../context.ts';
import {
  couponWithCode,
  listCoupons,
  publicCoupon,
  requireOwnCoupon,
  useOnline,
} from '../kernel/coupons.ts';

export function registerMyCouponRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'coupon.mine', async (request) => {
    const user = await currentUser(ctx, request);
    const now = clock.now();
    const status = request.query.status ?? 'unused';
    return ok((await listCoupons(db, userId(user), status, now)).map((c) => publicCoupon(c, now)));
  });

  route(scope, 'coupon.mineDetail', async (request) => {
    const user = await currentUser(ctx, request);
    const { id } = request.params;
    return ok(couponWithCode(await requireOwnCoupon(db, userId(user), Number(id)), clock.now()));
  });

  route(scope, 'coupon.use', async (request) => {
    const user = await currentUser(ctx, request);
    const { id } = request.params;
    // A form body carries the amount as digits (FormInteger).
    const orderAmount = Number(request.body.orderAmount);
    return ok(await useOnline(db, userId(user), Number(id), orderAmount, clock.now()));
  });
}
