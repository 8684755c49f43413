// Prepaid cards (prepaid_cards) and their ledger (prepaid_card_entries): a change applies once
// (unique business key) and a debit never takes a balance below zero (conditional update).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { PrepaidCardTable } from './tables.ts';

export type PrepaidCard = Selectable<PrepaidCardTable>;

export function findCard(db: Kysely<Database>, userId: number): Promise<PrepaidCard | undefined> {
  return db
    .selectFrom('prepaid_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Opens a shopper's card with a zero balance; an existing card stays as it is. */
export async function openCard(
  db: Kysely<Database>,
  card: { userId: number; cardNo: string; now: number },
): Promise<void> {
  await db
    .insertInto('prepaid_cards')
    .values({
      user_id: card.userId,
      card_no: card.cardNo,
      balance: 0,
      created_at: card.now,
      updated_at: card.now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Records a ledger entry; false when its business key was applied before. */
export async function insertCardEntry(
  db: Kysely<Database>,
  entry: { userId: number; delta: number; reason: string; businessKey: string; now: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('prepaid_card_entries')
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

/** Moves a balance by `delta`; a debit only where the balance covers it. False when refused. */
export async function moveCardBalance(
  db: Kysely<Database>,
  userId: number,
  delta: number,
  now: number,
): Promise<boolean> {
  let query = db
    .updateTable('prepaid_cards')
    .set({ balance: sql<number>`balance + ${delta}`, updated_at: now })
    .where('user_id', '=', userId);
  if (delta < 0) query = query.where('balance', '>=', -delta);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
