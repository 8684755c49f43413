// Profiles, friends, blacklists and mutelists, and stored system messages (docs/im-people.md).
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

const PROFILE_COLUMNS = ['sign', 'gender', 'email', 'birth', 'tel', 'custom'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of PROFILE_COLUMNS) {
    await db.schema
      .alterTable('im_accounts')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(column === 'gender' ? 'unknown' : ''))
      .execute();
  }

  await db.schema
    .createTable('im_friends')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('friend', 'varchar(64)', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('serverex', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('valid', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_friends_pk', ['app_key', 'accid', 'friend'])
    .execute();
  await db.schema
    .createIndex('im_friends_updated')
    .on('im_friends')
    .columns(['app_key', 'accid', 'updated_at'])
    .execute();

  await db.schema
    .createTable('im_relations')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('active', 'smallint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_relations_pk', ['app_key', 'accid', 'target', 'kind'])
    .execute();

  await withIdColumn(db, db.schema.createTable('im_sysmsgs'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('ps', 'text')
    .addColumn('attach', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('read', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_sysmsgs_to_updated')
    .on('im_sysmsgs')
    .columns(['app_key', 'to_accid', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['im_sysmsgs', 'im_relations', 'im_friends'])
    await db.schema.dropTable(table).execute();
  for (const column of PROFILE_COLUMNS)
    await db.schema.alterTable('im_accounts').dropColumn(column).execute();
}
