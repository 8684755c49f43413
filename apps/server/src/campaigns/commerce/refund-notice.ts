// A provider's refund notify (WeChat Pay REFUND.SUCCESS / ABNORMAL / CLOSED), once verified by the
// provider: it must name an order and that order's refund with its amount (63103 otherwise);
// it is recorded once by its id (a replay changes nothing), and moves the refund once —
// SUCCESS finishes it and the order becomes `refunded`, ABNORMAL or CLOSED marks it `failed`
// with the provider's word for the operator.
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import { inTransaction, type Database } from '../../store/index.ts';
import type { RefundNotice } from './payment/provider.ts';
import { recordNotify } from './store/notifies.ts';
import { findOrderByNo, moveOrder } from './store/orders.ts';
import { findRefund, finishRefund, refundFailed } from './store/refunds.ts';
import type { PaymentMethodId } from './store/tables.ts';

export type RefundNoticeOutcome = 'refunded' | 'failed' | 'replayed' | 'unchanged';

export async function applyRefundNotice(
  db: Kysely<Database>,
  method: PaymentMethodId,
  notice: RefundNotice,
  now: number,
): Promise<RefundNoticeOutcome> {
  const order = await findOrderByNo(db, notice.orderNo);
  if (!order) throw fail('orderNotFound', { status: 404 });
  const refund = await findRefund(db, Number(order.id));
  if (!refund || refund.refund_no !== notice.refundNo || Number(refund.amount) !== notice.amount)
    throw fail('refundNotifyRefused', { status: 400 });
  return inTransaction(db, async (trx): Promise<RefundNoticeOutcome> => {
    const fresh = await recordNotify(trx, {
      method,
      // Payment and refund notifies share the id space of one provider; keep them apart.
      notifyId: `refund:${notice.notifyId}`,
      orderNo: notice.orderNo,
      tradeNo: notice.refundId,
      amount: notice.amount,
      now,
    });
    if (!fresh) return 'replayed';
    if (notice.status === 'SUCCESS') {
      if (!(await finishRefund(trx, Number(refund.id), now))) return 'unchanged';
      await moveOrder(trx, Number(order.id), ['fulfilled', 'closed'], 'refunded', now);
      return 'refunded';
    }
    const failed = await refundFailed(
      trx,
      Number(refund.id),
      `WeChat Pay refund ${notice.status}`,
      now,
    );
    return failed ? 'failed' : 'unchanged';
  });
}
