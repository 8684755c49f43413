// Runs work in a transaction, joining the caller's when there is one: kernel primitives compose
// (a draw takes a chance, stock, an award and maybe points) and a refusal anywhere undoes all.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../store/index.ts';

export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx: Transaction<Database>) => work(trx));
}
