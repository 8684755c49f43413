// The voice post office (src/postoffice, docs/postoffice.md): the recordings shoppers uploaded
// (the MP3 itself lives in the file storage under its object name; this row says whose it is and
// how long it plays) and the cards they made. A card is opened by its code (16 random bytes,
// unique), never by its row id; it keeps the look and cover it was made with as JSON, so an
// operator editing the templates later never changes a card already sent.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('postcard_voices')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('postcards'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('voice_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('look', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('to_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('postcards_by_user')
    .on('postcards')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postcards').execute();
  await db.schema.dropTable('postcard_voices').execute();
}
