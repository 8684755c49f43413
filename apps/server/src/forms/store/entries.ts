// Join-us applications and sign-ups (form_entries): written once per shopper and per mobile a
// form (unique indexes decide it), read by their owner and exported by operators.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { FormEntryTable } from '../tables.ts';

export type FormEntryRow = Selectable<FormEntryTable>;

/** Records an entry; a second one of the shopper or the mobile fails a unique index. */
export function insertEntry(
  db: Kysely<Database>,
  row: Insertable<FormEntryTable>,
): Promise<FormEntryRow> {
  return db.insertInto('form_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The shopper's entries of the given forms. */
export function ownEntries(
  db: Kysely<Database>,
  userId: number,
  forms: readonly string[],
): Promise<FormEntryRow[]> {
  return db
    .selectFrom('form_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('form', 'in', forms)
    .orderBy('id', 'asc')
    .execute();
}

/** Whether an entry of a form already has this shopper (to tell which unique index refused). */
export async function entryOfUser(
  db: Kysely<Database>,
  form: string,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('form_entries')
    .select('id')
    .where('form', '=', form)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every entry of a form, oldest first, at most `limit` (the export). */
export function entriesOf(
  db: Kysely<Database>,
  form: string,
  limit: number,
): Promise<FormEntryRow[]> {
  return db
    .selectFrom('form_entries')
    .selectAll()
    .where('form', '=', form)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Every entry of a shopper, of any form (what the personal information list shows). */
export function allOwnEntries(db: Kysely<Database>, userId: number): Promise<FormEntryRow[]> {
  return db
    .selectFrom('form_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
}
