// Payment notifies received (commerce_notifies): the unique (method, notify_id) makes a
// replayed notify a no-op, whatever the engine and however many arrive at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { PaymentMethodId } from './tables.ts';

export interface NotifyRecord {
  method: PaymentMethodId;
  notifyId: string;
  orderNo: string;
  tradeNo: string;
  amount: number;
  now: number;
}

/** Records a notify; false when one with its id was recorded before (a replay). */
export async function recordNotify(db: Kysely<Database>, notify: NotifyRecord): Promise<boolean> {
  const inserted = await db
    .insertInto('commerce_notifies')
    .values({
      method: notify.method,
      notify_id: notify.notifyId,
      order_no: notify.orderNo,
      trade_no: notify.tradeNo,
      amount: notify.amount,
      received_at: notify.now,
    })
    .onConflict((oc) => oc.columns(['method', 'notify_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function countNotifies(db: Kysely<Database>, orderNo: string): Promise<number> {
  const row = await db
    .selectFrom('commerce_notifies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
