// Tables of the product API (src/product): shoppers, their sessions, SMS and image captchas, the
// SMS outbox, rate counters, open-API replay guard, a small shared cache and lizard page views.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('product_users'))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('share_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('product_sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('product_sessions_user')
    .on('product_sessions')
    .column('user_id')
    .execute();

  await withIdColumn(db, db.schema.createTable('sms_captchas'))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'smallint', (c) => c.notNull())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_captchas_mobile')
    .on('sms_captchas')
    .columns(['mobile', 'id'])
    .execute();

  await db.schema
    .createTable('image_captchas')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('sms_outbox'))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_mobile')
    .on('sms_outbox')
    .columns(['mobile', 'id'])
    .execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('openapi_seen_signatures')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_cache')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('lizard_page_views'))
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('referrer', 'varchar(1024)', (c) => c.notNull())
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('ttfb_ms', 'integer')
    .addColumn('dom_ready_ms', 'integer')
    .addColumn('load_ms', 'integer')
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'lizard_page_views',
    'product_cache',
    'openapi_seen_signatures',
    'rate_counters',
    'sms_outbox',
    'image_captchas',
    'sms_captchas',
    'product_sessions',
    'product_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
