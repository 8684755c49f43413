// A shopper's own coupons: the list by status, one coupon with its redemption code (the page
// draws it as a QR code and a barcode), and using it online. Another shopper's id is 60050.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { ok } from '../../product/index.ts';
import { currentUser, userId, type CampaignContext } from '../context.ts';
import { listCoupons, publicCoupon, requireOwnCoupon, useOnline } from '../kernel/coupons.ts';
import { IdParams } from '../schemas.ts';

const MineQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('unused'), Type.Literal('used'), Type.Literal('expired')]),
  ),
});
const UseBody = Type.Object({
  orderAmount: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    description: 'order total in fen',
  }),
});

export function registerMyCouponRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  scope.get(
    '/api/campaign/coupon/mine',
    { schema: { querystring: MineQuery } },
    async (request) => {
      const user = await currentUser(ctx, request);
      const now = clock.now();
      const status = (request.query as Static<typeof MineQuery>).status ?? 'unused';
      return ok(
        (await listCoupons(db, userId(user), status, now)).map((c) => publicCoupon(c, now)),
      );
    },
  );

  scope.get('/api/campaign/coupon/mine/:id', { schema: { params: IdParams } }, async (request) => {
    const user = await currentUser(ctx, request);
    const { id } = request.params as Static<typeof IdParams>;
    return ok(
      publicCoupon(await requireOwnCoupon(db, userId(user), Number(id)), clock.now(), true),
    );
  });

  scope.post(
    '/api/campaign/coupon/mine/:id/use',
    { schema: { params: IdParams, body: UseBody } },
    async (request) => {
      const user = await currentUser(ctx, request);
      const { id } = request.params as Static<typeof IdParams>;
      const { orderAmount } = request.body as Static<typeof UseBody>;
      return ok(await useOnline(db, userId(user), Number(id), orderAmount, clock.now()));
    },
  );
}
