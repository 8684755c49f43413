// The cheapest statement that proves the database answers (the health check's probe).
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
export async function pingStore(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
