// The points ledger and balances. The ledger's unique business key makes a change apply once;
// the balance moves by single statements that never take it below zero. kernel/points.ts runs
// them together in one transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  businessKey: string;
  now: number;
}

/** Records a ledger row; false when its business key is already in the ledger. */
export async function insertLedgerEntry(
  db: Kysely<Database>,
  entry: LedgerEntry,
): Promise<boolean> {
  const inserted = await db
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      business_key: entry.businessKey,
      created_at: entry.now,
    })
    .onConflict((oc) => oc.column('business_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds `amount` to a balance, creating it on a shopper's first points. */
export async function creditBalance(
  db: Kysely<Database>,
  userId: number,
  amount: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('points_balances')
    .values({ user_id: userId, balance: amount, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        balance: sql<number>`points_balances.balance + ${amount}`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Takes `amount` off a balance that holds at least that much; false (and no change) otherwise. */
export async function debitBalance(
  db: Kysely<Database>,
  userId: number,
  amount: number,
  now: number,
): Promise<boolean> {
  const debited = await db
    .updateTable('points_balances')
    .set({ balance: sql<number>`balance - ${amount}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('balance', '>=', amount)
    .executeTakeFirst();
  return Number(debited.numUpdatedRows) === 1;
}

/** A shopper's balance; 0 before their first points. */
export async function pointsBalance(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('points_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}
