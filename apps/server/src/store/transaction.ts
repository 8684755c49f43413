// The one way a feature runs several store calls as one unit (docs/decisions/0014): `work` gets
// a transaction handle and passes it to store functions; a refusal anywhere undoes them all.
// Called inside another inTransaction it joins that transaction instead of opening one, so
// primitives that need a transaction of their own (a campaign draw takes a chance, stock, an
// award and maybe points) compose.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx: Transaction<Database>) => work(trx));
}
