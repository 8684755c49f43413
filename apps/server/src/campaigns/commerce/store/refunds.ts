// Refunds (commerce_refunds): at most one per order (unique order_id), sent to the provider by
// the scheduled job until it succeeds or runs out of attempts.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { CommerceRefundTable } from './tables.ts';

export type Refund = Selectable<CommerceRefundTable>;

/** Inserts a pending refund; undefined when the order already has one. */
export async function insertRefund(
  db: Kysely<Database>,
  refund: { orderId: number; refundNo: string; amount: number; reason: string; now: number },
): Promise<Refund | undefined> {
  return db
    .insertInto('commerce_refunds')
    .values({
      order_id: refund.orderId,
      refund_no: refund.refundNo,
      amount: refund.amount,
      reason: refund.reason,
      state: 'pending',
      next_attempt_at: refund.now,
      created_at: refund.now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRefund(db: Kysely<Database>, orderId: number): Promise<Refund | undefined> {
  return db
    .selectFrom('commerce_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export function refundsOf(db: Kysely<Database>, orderIds: number[]): Promise<Refund[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('commerce_refunds').selectAll().where('order_id', 'in', orderIds).execute();
}

/** Pending refunds whose next attempt is due, oldest first. */
export function dueRefunds(db: Kysely<Database>, now: number, limit: number): Promise<Refund[]> {
  return db
    .selectFrom('commerce_refunds')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * pending or processing → succeeded; false when another process (or a replayed notify) finished
 * it first.
 */
export async function finishRefund(
  db: Kysely<Database>,
  refundId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('commerce_refunds')
    .set({ state: 'succeeded', done_at: now })
    .where('id', '=', refundId)
    .where('state', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** pending → processing: the provider accepted the refund and will say by notify how it ended. */
export async function refundAccepted(db: Kysely<Database>, refundId: number): Promise<boolean> {
  const result = await db
    .updateTable('commerce_refunds')
    .set({ state: 'processing' })
    .where('id', '=', refundId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** pending or processing → failed with the provider's word (a refund notify said ABNORMAL/CLOSED). */
export async function refundFailed(
  db: Kysely<Database>,
  refundId: number,
  error: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('commerce_refunds')
    .set({ state: 'failed', last_error: error.slice(0, 256), done_at: now })
    .where('id', '=', refundId)
    .where('state', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: counted, retried at `nextAttemptAt`, or given up (`failed`) after the last. */
export async function refundAttemptFailed(
  db: Kysely<Database>,
  refund: { id: number; attempts: number },
  failure: { error: string; nextAttemptAt: number; giveUp: boolean; now: number },
): Promise<void> {
  await db
    .updateTable('commerce_refunds')
    .set({
      attempts: refund.attempts + 1,
      last_error: failure.error.slice(0, 256),
      next_attempt_at: failure.nextAttemptAt,
      ...(failure.giveUp ? { state: 'failed' as const, done_at: failure.now } : {}),
    })
    .where('id', '=', refund.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', refund.attempts)
    .execute();
}
