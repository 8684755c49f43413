// The points ledger: every change is a ledger row with a unique business key (so a retried
// request changes nothing twice) and a balance that a conditional update keeps from going negative.
import type { Kysely } from 'kysely';
import { inTransaction, type Database } from '../../store/index.ts';
import { creditBalance, debitBalance, insertLedgerEntry } from '../store/points.ts';
import { fail } from '@morsel/api';

export { pointsBalance } from '../store/points.ts';

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
  const { userId, delta, now } = change;
  if (!Number.isInteger(delta) || delta === 0)
    throw new Error(`points delta must be a non-zero integer, got ${delta}`);
  return inTransaction(db, async (trx) => {
    if (!(await insertLedgerEntry(trx, change))) return false;
    if (delta > 0) {
      await creditBalance(trx, userId, delta, now);
      return true;
    }
    if (!(await debitBalance(trx, userId, -delta, now))) throw fail('pointsInsufficient');
    return true;
  });
}
