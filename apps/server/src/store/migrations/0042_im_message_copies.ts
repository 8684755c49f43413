// Message copies (NIM's 抄送, docs/im-server-api.md "Message copies"): each copy waits here until
// the app server has taken it, so a slow or absent receiver never holds up delivery and a restart
// loses nothing already queued.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('im_copies'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    // The JSON body as it will be POSTed (its MD5 is signed).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Not sent before this time (back-off after a failure).
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    // A process sending it holds it until then; another takes it over afterwards.
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_copies_due').on('im_copies').column('due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_copies').execute();
}
