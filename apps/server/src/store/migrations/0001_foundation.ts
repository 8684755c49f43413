import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('im_apps')
    .addColumn('app_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('im_accounts'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull().references('im_apps.app_key'))
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('token', 'varchar(256)', (c) => c.notNull())
    .addColumn('nick', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('disabled', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('im_accounts_app_accid', ['app_key', 'accid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_accounts').execute();
  await db.schema.dropTable('im_apps').execute();
  await db.schema.dropTable('meta').execute();
}
