// What the routes answer about orders, cards and refunds (@morsel/api routes/commerce.ts).
import { maskMobile } from '../../product/index.ts';
import { yuan } from './money.ts';
import { topUpDetail, xborderDetail } from './orders.ts';
import type { Order } from './store/orders.ts';
import type { Refund } from './store/refunds.ts';

const nullableMs = (value: number | null) => (value === null ? null : Number(value));

/** 8888 **** **** 1234: enough to recognise one's card, not enough to read it off a screen. */
export function maskCardNo(cardNo: string): string {
  return `${cardNo.slice(0, 4)} **** **** ${cardNo.slice(-4)}`;
}

/** The card side of a top-up; an orange card order delivers its face value in new cards (no
 * card number yet); nulls for other kinds. */
function topUpView(order: Order) {
  if (order.kind === 'orange_card') {
    const credit = Number(order.amount);
    return { channel: null, cardNo: '', credit, creditText: yuan(credit) };
  }
  if (order.kind !== 'bank_topup')
    return { channel: null, cardNo: null, credit: null, creditText: null };
  const detail = topUpDetail(order);
  return {
    channel:
      order.channel === null ? null : { code: order.channel, name: detail.channelName ?? '' },
    cardNo: maskCardNo(detail.cardNo),
    credit: detail.credit,
    creditText: yuan(detail.credit),
  };
}

function goodsView(order: Order) {
  const goods = xborderDetail(order);
  if (!goods) return null;
  return {
    productId: goods.productId,
    name: goods.name,
    image: goods.image,
    origin: goods.origin,
    quantity: goods.quantity,
    priceText: yuan(goods.price),
    goodsText: yuan(goods.goods),
    taxText: yuan(goods.tax),
  };
}

export function orderView(order: Order, now: number) {
  return {
    orderNo: order.order_no,
    kind: order.kind as 'bank_topup' | 'xborder' | 'orange_card',
    subject: order.subject,
    amount: Number(order.amount),
    amountText: yuan(Number(order.amount)),
    state: order.state,
    method: order.method,
    ...topUpView(order),
    goods: goodsView(order),
    createdAt: Number(order.created_at),
    expiresAt: Number(order.expires_at),
    paidAt: nullableMs(order.paid_at),
    fulfilledAt: nullableMs(order.fulfilled_at),
    refundedAt: nullableMs(order.refunded_at),
    closedAt: nullableMs(order.closed_at),
    serverTime: now,
  };
}

export function adminOrderView(
  order: Order,
  mobile: string,
  refund: Refund | undefined,
  now: number,
) {
  return {
    ...orderView(order, now),
    id: Number(order.id),
    userId: Number(order.user_id),
    mobile: maskMobile(mobile),
    tradeNo: order.trade_no,
    refund: refund
      ? {
          refundNo: refund.refund_no,
          amount: Number(refund.amount),
          reason: refund.reason,
          state: refund.state,
          attempts: Number(refund.attempts),
          lastError: refund.last_error,
          createdAt: Number(refund.created_at),
          doneAt: nullableMs(refund.done_at),
        }
      : null,
  };
}
