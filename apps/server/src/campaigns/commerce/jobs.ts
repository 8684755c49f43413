// The scheduled job of the order kernel (the server's pruning pattern: one interval, unref'd,
// stopped on close). Each pass closes unpaid orders past their time (and at the provider), fulfils
// paid orders a crash left unfulfilled, sends due refunds to their provider with a growing
// back-off, and returns orange card gifts nobody claimed in time to their givers. Every step
// is a conditional update, so passes of several processes at once change an order once.
import type { Kysely } from 'kysely';
import { inTransaction, type Database } from '../../store/index.ts';
import type { Logger } from '../../log.ts';
import { closeOrder, fulfil } from './orders.ts';
import { returnExpiredGifts } from './orange/jobs.ts';
import type { PaymentProvider } from './payment/provider.ts';
import {
  dueToClose,
  findOrderById,
  moveOrder,
  paidUnfulfilled,
  type Order,
} from './store/orders.ts';
import { dueRefunds, finishRefund, refundAccepted, refundAttemptFailed } from './store/refunds.ts';
import type { PaymentMethodId } from './store/tables.ts';

const BATCH = 200;
/** Wait before the 2nd, 3rd… attempt of a refund; after the last, the refund is `failed`. */
const REFUND_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];

export interface JobDeps {
  db: Kysely<Database>;
  now: () => number;
  providers: ReadonlyMap<PaymentMethodId, PaymentProvider>;
  log: Logger;
}

export interface PassSummary {
  closed: number;
  fulfilled: number;
  refunded: number;
  refundFailures: number;
  /** Orange card gifts past their time returned to their givers. */
  giftsReturned: number;
}

/**
 * Closes at the provider an order whose payment was started there, so the shopper's open WeChat
 * or Alipay page can no longer pay it. A refusal is logged only: a payment that still gets
 * through is refunded automatically when its notify arrives.
 */
async function closeAtProvider(deps: JobDeps, order: Order): Promise<void> {
  const provider = order.method ? deps.providers.get(order.method) : undefined;
  if (!provider) return;
  try {
    await provider.close(order.order_no);
  } catch (error) {
    deps.log.warn(
      { err: error, orderNo: order.order_no },
      'closing the order at the provider failed',
    );
  }
}

export async function closeDueOrders(deps: JobDeps): Promise<number> {
  let closed = 0;
  for (;;) {
    const now = deps.now();
    const due = await dueToClose(deps.db, now, BATCH);
    for (const order of due) {
      if (!(await closeOrder(deps.db, order, now))) continue;
      closed++;
      await closeAtProvider(deps, order);
    }
    if (due.length < BATCH) return closed;
  }
}

export async function fulfilPaidOrders(deps: JobDeps): Promise<number> {
  let fulfilled = 0;
  for (const order of await paidUnfulfilled(deps.db, BATCH))
    if (await fulfil(deps.db, Number(order.id), deps.now())) fulfilled++;
  return fulfilled;
}

export async function sendDueRefunds(deps: JobDeps): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (const refund of await dueRefunds(deps.db, deps.now(), BATCH)) {
    const order = await findOrderById(deps.db, Number(refund.order_id));
    if (!order) continue;
    const provider = order.method ? deps.providers.get(order.method) : undefined;
    try {
      if (!provider) throw new Error(`payment method ${order.method ?? 'none'} is not configured`);
      const outcome = await provider.refund({
        orderNo: order.order_no,
        refundNo: refund.refund_no,
        amount: Number(refund.amount),
        total: Number(order.amount),
        reason: refund.reason,
      });
      const now = deps.now();
      // Accepted, not finished: the provider's refund notify finishes it (payment/refund-notice).
      if (outcome === 'processing') {
        await refundAccepted(deps.db, Number(refund.id));
        done++;
        continue;
      }
      await inTransaction(deps.db, async (trx) => {
        if (await finishRefund(trx, Number(refund.id), now))
          await moveOrder(trx, Number(order.id), ['fulfilled', 'closed'], 'refunded', now);
      });
      done++;
    } catch (error) {
      failed++;
      const attempts = Number(refund.attempts);
      const giveUp = attempts >= REFUND_BACKOFF_MS.length;
      const now = deps.now();
      deps.log.warn(
        { err: error, orderNo: order.order_no, attempt: attempts + 1, giveUp },
        'refund attempt failed',
      );
      await refundAttemptFailed(
        deps.db,
        { id: Number(refund.id), attempts },
        {
          error: (error as Error).message,
          nextAttemptAt: now + (REFUND_BACKOFF_MS[attempts] ?? 0),
          giveUp,
          now,
        },
      );
    }
  }
  return { done, failed };
}

/** One pass of everything the job does (tests call it with a moved clock). */
export async function runCommercePass(deps: JobDeps): Promise<PassSummary> {
  const closed = await closeDueOrders(deps);
  const fulfilled = await fulfilPaidOrders(deps);
  const refunds = await sendDueRefunds(deps);
  const giftsReturned = await returnExpiredGifts(deps);
  return {
    closed,
    fulfilled,
    refunded: refunds.done,
    refundFailures: refunds.failed,
    giftsReturned,
  };
}

export function scheduleCommerceJobs(deps: JobDeps, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    // A slow provider must not stack passes on top of each other.
    if (running) return;
    running = true;
    runCommercePass(deps)
      .catch((err: unknown) => deps.log.warn({ err }, 'commerce job failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
