// The points ledger: every change is a ledger row with a unique business key (so a retried
// request changes nothing twice) and a balance that a conditional update keeps from going negative.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { fail } from '@morsel/api';
import { inTransaction } from './transaction.ts';

export interface PointsChange {
  userId: number;
  /** Positive to credit, negative to debit. */
  delta: number;
  reason: string;
  /** Names the business event, e.g. `sign:daily:42:2026-01-15`; a second change with it is a no-op. */
  businessKey: string;
  now: number;
}

/** Applies a change once; false when its business key was already applied. A debit past zero is refused (60070). */
export async function changePoints(db: Kysely<Database>, change: PointsChange): Promise<boolean> {
  const { userId, delta, reason, businessKey, now } = change;
  if (!Number.isInteger(delta) || delta === 0)
    throw new Error(`points delta must be a non-zero integer, got ${delta}`);
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('points_ledger')
      .values({ user_id: userId, delta, reason, business_key: businessKey, created_at: now })
      .onConflict((oc) => oc.column('business_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    if (delta > 0) {
      await trx
        .insertInto('points_balances')
        .values({ user_id: userId, balance: delta, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            balance: sql<number>`points_balances.balance + ${delta}`,
            updated_at: now,
          }),
        )
        .execute();
      return true;
    }
    const debited = await trx
      .updateTable('points_balances')
      .set({ balance: sql<number>`balance - ${-delta}`, updated_at: now })
      .where('user_id', '=', userId)
      .where('balance', '>=', -delta)
      .executeTakeFirst();
    if (Number(debited.numUpdatedRows) === 0) throw fail('pointsInsufficient');
    return true;
  });
}

export async function pointsBalance(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('points_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}
