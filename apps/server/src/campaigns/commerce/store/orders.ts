// Orders (commerce_orders). Every state change is one conditional update on the state it leaves,
// so two notifies, a notify racing the time-out job, or a double tap change an order once.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { CommerceOrderTable, OrderState, PaymentMethodId } from './tables.ts';

export type Order = Selectable<CommerceOrderTable>;

export function insertOrder(
  db: Kysely<Database>,
  order: Insertable<CommerceOrderTable>,
): Promise<Order> {
  return db.insertInto('commerce_orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export function findOrderByNo(db: Kysely<Database>, orderNo: string): Promise<Order | undefined> {
  return db
    .selectFrom('commerce_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
}

export function findOrderById(db: Kysely<Database>, id: number): Promise<Order | undefined> {
  return db.selectFrom('commerce_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order when it is the shopper's; undefined for anyone else's or an unknown number. */
export function findOwnOrder(
  db: Kysely<Database>,
  userId: number,
  orderNo: string,
): Promise<Order | undefined> {
  return db
    .selectFrom('commerce_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Records the method a payment starts with, while the order is open; false otherwise. */
export async function setOrderMethod(
  db: Kysely<Database>,
  orderId: number,
  method: PaymentMethodId,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('commerce_orders')
    .set({ method, updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', 'created')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * created → paid with the provider's trade number; false when the order was not `created`
 * (already paid, or closed by the time-out). A payment confirmed after the time-out is still
 * money received: see markClosedPaid.
 */
export async function markPaid(
  db: Kysely<Database>,
  orderId: number,
  payment: { method: PaymentMethodId; tradeNo: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('commerce_orders')
    .set({
      state: 'paid',
      method: payment.method,
      trade_no: payment.tradeNo,
      paid_at: payment.now,
      updated_at: payment.now,
    })
    .where('id', '=', orderId)
    .where('state', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the trade number and payment time of a payment that arrived for a closed order. */
export async function markClosedPaid(
  db: Kysely<Database>,
  orderId: number,
  payment: { method: PaymentMethodId; tradeNo: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('commerce_orders')
    .set({
      method: payment.method,
      trade_no: payment.tradeNo,
      paid_at: payment.now,
      updated_at: payment.now,
    })
    .where('id', '=', orderId)
    .where('state', '=', 'closed')
    .where('trade_no', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One state change `from` → `to`, stamping `to`'s time; false when the order was not in `from`. */
export async function moveOrder(
  db: Kysely<Database>,
  orderId: number,
  from: readonly OrderState[],
  to: 'fulfilled' | 'refunded' | 'closed',
  now: number,
): Promise<boolean> {
  const stamp =
    to === 'fulfilled'
      ? { fulfilled_at: now }
      : to === 'refunded'
        ? { refunded_at: now }
        : { closed_at: now };
  const result = await db
    .updateTable('commerce_orders')
    .set({ state: to, updated_at: now, ...stamp })
    .where('id', '=', orderId)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open orders past their time, oldest first, at most `limit`. */
export function dueToClose(db: Kysely<Database>, now: number, limit: number): Promise<Order[]> {
  return db
    .selectFrom('commerce_orders')
    .selectAll()
    .where('state', '=', 'created')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Paid orders not yet fulfilled (a fulfilment interrupted by a crash), at most `limit`. */
export function paidUnfulfilled(db: Kysely<Database>, limit: number): Promise<Order[]> {
  return db
    .selectFrom('commerce_orders')
    .selectAll()
    .where('state', '=', 'paid')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface OrderSearch {
  state?: OrderState;
  orderNo?: string;
  userId?: number;
  /** Orders with an id below this (the next page). */
  beforeId?: number;
  limit: number;
}

/** The operator's search, newest first. */
export function searchOrders(db: Kysely<Database>, search: OrderSearch): Promise<Order[]> {
  let query = db.selectFrom('commerce_orders').selectAll();
  if (search.state) query = query.where('state', '=', search.state);
  if (search.orderNo) query = query.where('order_no', '=', search.orderNo);
  if (search.userId !== undefined) query = query.where('user_id', '=', search.userId);
  if (search.beforeId !== undefined) query = query.where('id', '<', search.beforeId);
  return query.orderBy('id', 'desc').limit(search.limit).execute();
}

/** A shopper's orders of one kind, newest first (a page's purchase records). */
export function ordersOfKind(
  db: Kysely<Database>,
  search: { userId: number; kind: string; beforeId?: number; limit: number },
): Promise<Order[]> {
  let query = db
    .selectFrom('commerce_orders')
    .selectAll()
    .where('user_id', '=', search.userId)
    .where('kind', '=', search.kind);
  if (search.beforeId !== undefined) query = query.where('id', '<', search.beforeId);
  return query.orderBy('id', 'desc').limit(search.limit).execute();
}
