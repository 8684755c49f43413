// The order state machine (docs/commerce.md):
//
//   created ──notify paid──▶ paid ──fulfil──▶ fulfilled ──refund done──▶ refunded
//      │                                                      ▲
//      └──time-out──▶ closed ──(a payment arrives late: refunded automatically)──┘
//
// Each arrow is one conditional update on the state it leaves (store/orders.ts), so a replayed
// notify, two notifies at once, or a notify racing the time-out job move an order once. A notify
// is applied once by its unique id (store/notifies.ts); the amount it reports must equal the
// order's, which the server computed when the order was made.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import { inTransaction, isUniqueViolation, type Database } from '../../store/index.ts';
import { compactChinaTime } from './payment/china-time.ts';
import type { PaymentNotice } from './payment/provider.ts';
import {
  findOrderById,
  findOrderByNo,
  insertOrder,
  markClosedPaid,
  markPaid,
  moveOrder,
  type Order,
} from './store/orders.ts';
import { recordNotify } from './store/notifies.ts';
import { insertRefund } from './store/refunds.ts';
import { insertCardEntry, moveCardBalance, openCard } from './store/cards.ts';
import { returnStock } from './store/stock.ts';
import type { PaymentMethodId } from './store/tables.ts';
import { issueCards, voidCards, type OrangeDetail } from './orange/issue.ts';

/** What a top-up order delivers (commerce_orders.detail). */
export interface TopUpDetail {
  optionId: string;
  cardNo: string;
  /** Fen credited to the card: the amount plus the channel's bonus. */
  credit: number;
  /** The bank channel's name when the order came through one. */
  channelName: string | null;
}

export function topUpDetail(order: Order): TopUpDetail {
  return JSON.parse(order.detail) as TopUpDetail;
}

/** What a cross-border order delivers (commerce_orders.detail), as priced when it was made. */
export interface XborderDetail {
  campaignId: string;
  productId: string;
  name: string;
  image: string;
  origin: string;
  quantity: number;
  /** Fen: one piece, the line (price × quantity), and the tax on the line. */
  price: number;
  goods: number;
  tax: number;
}

export function xborderDetail(order: Order): XborderDetail | undefined {
  return order.kind === 'xborder' ? (JSON.parse(order.detail) as XborderDetail) : undefined;
}

/**
 * created → closed; a cross-border order gives its pieces back in the same transaction, so they
 * return to sale exactly once. False when the order was no longer open.
 */
export async function closeOrder(
  db: Kysely<Database>,
  order: Order,
  now: number,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await moveOrder(trx, Number(order.id), ['created'], 'closed', now))) return false;
    const goods = xborderDetail(order);
    if (goods)
      await returnStock(
        trx,
        { campaignId: goods.campaignId, productId: goods.productId },
        goods.quantity,
        now,
      );
    return true;
  });
}

/** 14 digits of Asia/Shanghai time and 6 random ones: sortable, not guessable in sequence. */
function newOrderNo(now: number): string {
  return `${compactChinaTime(now)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** What is bought: a bank card top-up, cross-border goods or orange gift cards (commerce_orders.kind). */
export type OrderKind = 'bank_topup' | 'xborder' | 'orange_card';

export type NewOrder = {
  userId: number;
  subject: string;
  amount: number;
  channel: string | null;
  now: number;
  expiresAt: number;
} & (
  | { kind: 'bank_topup'; detail: TopUpDetail }
  | { kind: 'xborder'; detail: XborderDetail }
  | { kind: 'orange_card'; detail: OrangeDetail }
);

export async function createOrder(db: Kysely<Database>, order: NewOrder): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertOrder(db, {
        order_no: newOrderNo(order.now),
        user_id: order.userId,
        kind: order.kind,
        subject: order.subject,
        amount: order.amount,
        state: 'created',
        method: null,
        channel: order.channel,
        trade_no: null,
        detail: JSON.stringify(order.detail),
        created_at: order.now,
        expires_at: order.expiresAt,
        paid_at: null,
        fulfilled_at: null,
        refunded_at: null,
        closed_at: null,
        updated_at: order.now,
      });
    } catch (error) {
      // Two orders in the same second drew the same six digits: draw again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * Refuses paying an order that is not open: 63002 once closed (an open one past its time is
 * closed here, not left for the job), 63003 once paid.
 */
export async function requirePayable(
  db: Kysely<Database>,
  order: Order,
  now: number,
): Promise<void> {
  if (order.state === 'created' && Number(order.expires_at) <= now) {
    await closeOrder(db, order, now);
    throw fail('orderClosed');
  }
  if (order.state === 'closed') throw fail('orderClosed');
  if (order.state !== 'created') throw fail('orderAlreadyPaid');
}

export type NotifyOutcome =
  | 'paid'
  | 'replayed'
  | 'not_paid'
  | 'late'
  | 'already_paid'
  /** A second, different payment of a paid order (another method or trade): money to return by hand. */
  | 'duplicate';

export const LATE_PAYMENT_REASON = '订单超时关闭后才支付，自动退款';

/**
 * Applies a verified notify. The amount must be the order's (63010, nothing recorded); the notify
 * is recorded once by its id (a replay answers `replayed` and changes nothing); a payment moves a
 * created order to paid and fulfils it; a payment for an order closed by the time-out is money
 * received for nothing: it is recorded and refunded by the job.
 */
export async function applyNotice(
  db: Kysely<Database>,
  method: PaymentMethodId,
  notice: PaymentNotice,
  now: number,
): Promise<{ outcome: NotifyOutcome; order: Order }> {
  const order = await findOrderByNo(db, notice.orderNo);
  if (!order) throw fail('orderNotFound', { status: 404 });
  if (notice.amount !== Number(order.amount))
    throw fail('paymentAmountMismatch', { status: 400, data: { expected: Number(order.amount) } });
  const orderId = Number(order.id);
  const outcome = await inTransaction(db, async (trx): Promise<NotifyOutcome> => {
    const fresh = await recordNotify(trx, {
      method,
      notifyId: notice.notifyId,
      orderNo: notice.orderNo,
      tradeNo: notice.tradeNo,
      amount: notice.amount,
      now,
    });
    if (!fresh) return 'replayed';
    if (!notice.paid) return 'not_paid';
    const payment = { method, tradeNo: notice.tradeNo, now };
    if (await markPaid(trx, orderId, payment)) return 'paid';
    if (await markClosedPaid(trx, orderId, payment)) {
      await insertRefund(trx, {
        orderId,
        refundNo: `R${order.order_no}`,
        amount: Number(order.amount),
        reason: LATE_PAYMENT_REASON,
        now,
      });
      return 'late';
    }
    const current = await findOrderById(trx, orderId);
    return current?.trade_no === notice.tradeNo ? 'already_paid' : 'duplicate';
  });
  if (outcome === 'paid') await fulfil(db, orderId, now);
  return { outcome, order: (await findOrderByNo(db, notice.orderNo))! };
}

/**
 * paid → fulfilled and what was bought delivered (the card credited, the orange cards issued), in
 * one transaction: a second call (the job after a crash, a racing notify) finds the order no
 * longer paid and does nothing.
 */
export async function fulfil(db: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const order = await findOrderById(trx, orderId);
    if (!order || !(await moveOrder(trx, orderId, ['paid'], 'fulfilled', now))) return false;
    // Goods are handed to the bonded warehouse to ship: their pieces were taken with the order.
    if (order.kind === 'xborder') return true;
    if (order.kind === 'orange_card') {
      await issueCards(trx, order, now);
      return true;
    }
    const detail = topUpDetail(order);
    const userId = Number(order.user_id);
    await openCard(trx, { userId, cardNo: detail.cardNo, now });
    if (
      await insertCardEntry(trx, {
        userId,
        delta: detail.credit,
        reason: 'topup',
        businessKey: `topup:${order.order_no}`,
        now,
      })
    )
      await moveCardBalance(trx, userId, detail.credit, now);
    return true;
  });
}

/**
 * The operator's full refund of a fulfilled order: the credit leaves the card now (refused when
 * the shopper already spent it), and a pending refund is left for the job to send.
 */
export async function requestRefund(
  db: Kysely<Database>,
  order: Order,
  reason: string,
  now: number,
): Promise<void> {
  if (order.state !== 'fulfilled') throw fail('orderNotRefundable', { status: 409 });
  const orderId = Number(order.id);
  const userId = Number(order.user_id);
  await inTransaction(db, async (trx) => {
    const refund = await insertRefund(trx, {
      orderId,
      refundNo: `R${order.order_no}`,
      amount: Number(order.amount),
      reason,
      now,
    });
    if (!refund) throw fail('orderNotRefundable', { status: 409 });
    // Goods: the money goes back; the pieces do not return to sale (they may have shipped).
    if (order.kind === 'xborder') return;
    if (order.kind === 'orange_card') {
      await voidCards(trx, order, now);
      return;
    }
    const detail = topUpDetail(order);
    await insertCardEntry(trx, {
      userId,
      delta: -detail.credit,
      reason: 'refund',
      businessKey: `refund:${order.order_no}`,
      now,
    });
    if (!(await moveCardBalance(trx, userId, -detail.credit, now)))
      throw fail('refundBalanceInsufficient', { status: 409 });
  });
}
