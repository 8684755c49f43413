// The shopper's orders (the result page polls one), the cashier's start of a payment, and the
// notify route of each provider. A notify is verified by its provider (signature, time, key)
// before the order kernel sees it; one that does not verify is refused and changes nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress, route } from '../../api/index.ts';
import { currentUser, userId } from '../context.ts';
import { requireWechatIdentity } from '../kernel/wechat-identity.ts';
import type { CommerceContext } from './context.ts';
import { applyNotice, requirePayable, xborderDetail } from './orders.ts';
import {
  NotifyRejected,
  ProviderError,
  type NotifyRequest,
  type PaymentProvider,
  type RefundNotice,
  type PaymentNotice,
  type StartOptions,
} from './payment/provider.ts';
import { findOwnOrder, setOrderMethod, type Order } from './store/orders.ts';
import type { PaymentMethodId } from './store/tables.ts';
import { applyRefundNotice } from './refund-notice.ts';
import { orderView } from './views.ts';

/** Where a provider's page sends the shopper back: the result page of the order. */
function returnUrl(ctx: CommerceContext, request: FastifyRequest, order: Order): string {
  const origin = ctx.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  // A cross-border order comes back to its product's page, which shows the order's outcome.
  if (order.kind === 'xborder') return `${origin}${orderPage(order)}`;
  const page =
    order.kind === 'orange_card' ? '/activity/orangeCard/payResult' : '/activity/bank/success';
  return `${origin}${page}?orderNo=${order.order_no}`;
}

/** The page a shopper pays an order from (where WeChat's authorisation comes back to). */
function orderPage(order: Order): string {
  const goods = xborderDetail(order);
  if (goods) return `/activity/crossBorder/detail?id=${goods.productId}&orderNo=${order.order_no}`;
  if (order.kind === 'orange_card')
    return `/activity/orangeCard/orderSubmit?orderNo=${order.order_no}`;
  return `/activity/bank/pay?orderNo=${order.order_no}`;
}

function notifyRequest(request: FastifyRequest): NotifyRequest {
  return {
    headers: request.headers,
    rawBody: request.rawBody?.toString('utf8') ?? '',
    fields: (request.body ?? {}) as Record<string, unknown>,
  };
}

export function registerOrderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const { db, clock } = ctx.campaigns.product;

  async function ownOrder(request: FastifyRequest, orderNo: string): Promise<Order> {
    const user = await currentUser(ctx.campaigns, request);
    // Another shopper's order answers exactly as an unknown one.
    const order = await findOwnOrder(db, userId(user), orderNo);
    if (!order) throw fail('orderNotFound');
    return order;
  }

  route(scope, 'orders.detail', async (request) => {
    const order = await ownOrder(request, request.params.orderNo);
    return ok(orderView(order, clock.now()));
  });

  /**
   * The payer of a JSAPI payment: the WeChat identity bound to the shopper under the pay app. When
   * there is none yet, 50018 carries the authorise path that brings the browser back to the
   * order's page (which then pays again); when the pay app is not the login app, JSAPI cannot
   * know the payer and the page uses H5 pay instead (63005).
   */
  async function payerOpenid(order: Order, provider: PaymentProvider): Promise<string> {
    const oauth = ctx.campaigns.product.wechatOauth;
    if (!provider.appId || !oauth || oauth.appId !== provider.appId)
      throw fail('paymentMethodUnavailable');
    const identity = await requireWechatIdentity(
      ctx.campaigns,
      Number(order.user_id),
      orderPage(order),
    );
    return identity.openid;
  }

  route(scope, 'orders.pay', async (request) => {
    const now = clock.now();
    const order = await ownOrder(request, request.params.orderNo);
    await requirePayable(db, order, now);
    const method = request.body.method;
    const provider = ctx.providers.get(method);
    if (!provider) throw fail('paymentMethodUnavailable');
    const scene: StartOptions['scene'] =
      method === 'wechat' ? (request.body.scene === 'jsapi' ? 'jsapi' : 'h5') : 'wap';
    const openid = scene === 'jsapi' ? await payerOpenid(order, provider) : undefined;
    if (!(await setOrderMethod(db, Number(order.id), method, now))) {
      // Closed or paid between the check and now.
      throw fail('orderClosed');
    }
    try {
      const start = await provider.start(
        {
          orderNo: order.order_no,
          amount: Number(order.amount),
          subject: order.subject,
          expiresAt: Number(order.expires_at),
        },
        {
          scene,
          ...(openid ? { openid } : {}),
          clientIp: clientAddress(request),
          returnUrl: returnUrl(ctx, request, order),
          now,
        },
      );
      const fresh = await findOwnOrder(db, Number(order.user_id), order.order_no);
      return ok({ order: orderView(fresh ?? order, now), start });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      request.log.warn({ err: error, orderNo: order.order_no, method }, 'payment start failed');
      throw fail('paymentProviderFailed');
    }
  });

  /** Verifies a notify with its provider and applies it; the caller answers the provider. */
  async function receive(request: FastifyRequest, method: PaymentMethodId) {
    const provider = ctx.providers.get(method);
    if (!provider) throw fail('paymentMethodUnavailable', { status: 404 });
    const now = clock.now();
    let notice: PaymentNotice;
    try {
      notice = await provider.verifyNotify(notifyRequest(request), now);
    } catch (error) {
      if (!(error instanceof NotifyRejected)) throw error;
      request.log.warn({ method, reason: error.message }, 'payment notify refused');
      throw fail('paymentNotifyInvalid', { status: 401 });
    }
    const applied = await applyNotice(db, method, notice, now);
    const entry = {
      method,
      orderNo: notice.orderNo,
      tradeNo: notice.tradeNo,
      outcome: applied.outcome,
    };
    // A second payment of one order (paid by WeChat and then by Alipay) is the operator's to return.
    if (applied.outcome === 'duplicate')
      request.log.error(entry, 'duplicate payment of a paid order');
    else request.log.info(entry, 'payment notify applied');
    return applied;
  }

  route(scope, 'payment.sandboxNotify', async (request) => {
    const { order } = await receive(request, 'sandbox');
    return ok({ orderNo: order.order_no, state: order.state });
  });

  route(scope, 'payment.wechatNotify', async (request) => {
    await receive(request, 'wechat');
    return ok(null);
  });

  route(scope, 'payment.wechatRefundNotify', async (request) => {
    const provider = ctx.providers.get('wechat');
    if (!provider?.verifyRefundNotify) throw fail('paymentMethodUnavailable', { status: 404 });
    const now = clock.now();
    let notice: RefundNotice;
    try {
      notice = await provider.verifyRefundNotify(notifyRequest(request), now);
    } catch (error) {
      if (!(error instanceof NotifyRejected)) throw error;
      request.log.warn({ method: 'wechat', reason: error.message }, 'refund notify refused');
      throw fail('paymentNotifyInvalid', { status: 401 });
    }
    const outcome = await applyRefundNotice(db, 'wechat', notice, now);
    const entry = { orderNo: notice.orderNo, refundNo: notice.refundNo, outcome };
    // A refund the provider could not complete is the operator's to settle.
    if (outcome === 'failed') request.log.error(entry, 'refund failed at the provider');
    else request.log.info(entry, 'refund notify applied');
    return ok(null);
  });

  route(scope, 'payment.alipayNotify', async (request, reply) => {
    await receive(request, 'alipay');
    // Alipay stops resending when the body is exactly `success`.
    return reply.type('text/plain; charset=utf-8').send('success');
  });
}
