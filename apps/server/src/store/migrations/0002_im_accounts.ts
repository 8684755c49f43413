// IM accounts as NIM's user/create.action knows them (icon, props), the REST API's remembered
// nonces (replay refusal), and what clients report through the log and statistics endpoints.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema
    .alterTable('im_accounts')
    .addColumn('icon', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('im_accounts')
    .addColumn('props', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('im_rest_nonces')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_rest_nonces_pk', ['app_key', 'nonce'])
    .execute();
  await db.schema
    .createIndex('im_rest_nonces_expiry')
    .on('im_rest_nonces')
    .column('expires_at')
    .execute();

  await withIdColumn(db, db.schema.createTable('im_client_logs'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('os', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('session', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('ver', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_client_logs_app_time')
    .on('im_client_logs')
    .columns(['app_key', 'created_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('im_client_error_reports'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_client_error_reports_app_time')
    .on('im_client_error_reports')
    .columns(['app_key', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_client_error_reports').execute();
  await db.schema.dropTable('im_client_logs').execute();
  await db.schema.dropTable('im_rest_nonces').execute();
  await db.schema.alterTable('im_accounts').dropColumn('props').execute();
  await db.schema.alterTable('im_accounts').dropColumn('icon').execute();
}
