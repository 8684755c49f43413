// Join-us applications and activity sign-ups (src/forms, docs/forms.md): one row per entry of a
// form, its own fields as JSON text. A shopper and a mobile number each send a form once (unique
// indexes), so a double tap or a second account with the same number is refused by the store.
// And the shoppers' requests for a copy or the deletion of their personal information, one of
// each kind waiting at a time (a partial unique index).
import { sql, type Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('form_entries'))
    // joinus-merchant, joinus-supplier, apply
    .addColumn('form', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(16)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('form_entries_once_per_user', ['form', 'user_id'])
    .addUniqueConstraint('form_entries_once_per_mobile', ['form', 'mobile'])
    .execute();

  await withIdColumn(db, db.schema.createTable('privacy_requests'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addCheckConstraint('privacy_requests_kind', sql`kind in ('export', 'delete')`)
    .execute();
  await sql`create unique index privacy_requests_one_pending on privacy_requests (user_id, kind) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_requests').execute();
  await db.schema.dropTable('form_entries').execute();
}
