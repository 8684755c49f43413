// The operator's view of orders through the admin API (x-admin-key): search, one order with its
// refund, and a full refund (the card is debited at once; the job sends it to the provider).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { findUserById, findUserByMobile } from '../../product/index.ts';
import { requireKey } from '../admin/auth.ts';
import type { CommerceContext } from './context.ts';
import { requestRefund } from './orders.ts';
import { findOrderByNo, searchOrders, type Order } from './store/orders.ts';
import { refundsOf } from './store/refunds.ts';
import { adminOrderView } from './views.ts';

export function registerCommerceAdminRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const { db, clock } = ctx.campaigns.product;
  scope.addHook('onRequest', async (request) => {
    await requireKey(ctx.campaigns, request, ['admin']);
  });

  async function detailed(orders: Order[]) {
    const now = clock.now();
    const refunds = await refundsOf(
      db,
      orders.map((o) => Number(o.id)),
    );
    const mobiles = new Map<number, string>();
    for (const order of orders) {
      const uid = Number(order.user_id);
      if (!mobiles.has(uid)) mobiles.set(uid, (await findUserById(db, uid))?.mobile ?? '');
    }
    return orders.map((order) =>
      adminOrderView(
        order,
        mobiles.get(Number(order.user_id)) ?? '',
        refunds.find((r) => Number(r.order_id) === Number(order.id)),
        now,
      ),
    );
  }

  async function requireOrder(orderNo: string): Promise<Order> {
    const order = await findOrderByNo(db, orderNo);
    if (!order) throw fail('orderNotFound', { status: 404 });
    return order;
  }

  route(scope, 'admin.orders', async (request) => {
    const q = request.query;
    const limit = Number(q.limit ?? 20);
    let userId: number | undefined;
    if (q.mobile) {
      const user = await findUserByMobile(db, q.mobile);
      if (!user) return ok({ orders: [], next: null });
      userId = Number(user.id);
    }
    const orders = await searchOrders(db, {
      ...(q.state ? { state: q.state } : {}),
      ...(q.orderNo ? { orderNo: q.orderNo } : {}),
      ...(userId !== undefined ? { userId } : {}),
      ...(q.before ? { beforeId: Number(q.before) } : {}),
      limit,
    });
    return ok({
      orders: await detailed(orders),
      next: orders.length === limit ? String(orders[orders.length - 1]!.id) : null,
    });
  });

  route(scope, 'admin.order', async (request) => {
    const [view] = await detailed([await requireOrder(request.params.orderNo)]);
    return ok(view!);
  });

  route(scope, 'admin.refundOrder', async (request) => {
    const order = await requireOrder(request.params.orderNo);
    await requestRefund(db, order, request.body.reason, clock.now());
    const [view] = await detailed([await requireOrder(order.order_no)]);
    request.log.info({ orderNo: order.order_no }, 'refund requested by an operator');
    return ok(view!);
  });
}
