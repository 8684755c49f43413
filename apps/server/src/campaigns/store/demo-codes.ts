// The codes a development install generated for the demo campaigns' passwords and exchange
// codes, kept in `meta` under a stable key so every later start writes the same ones.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

/** The value remembered under `key`, generating and storing it with `make` the first time. */
export async function rememberedCode(
  db: Kysely<Database>,
  key: string,
  make: () => string,
): Promise<string> {
  const found = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('meta')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Another process may have won the insert: the stored value is the one that counts.
  const stored = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return stored.value;
}
