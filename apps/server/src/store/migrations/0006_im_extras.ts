// Message extras: quick comments, collects, message pins and stick-top sessions
// (docs/im-extras.md). Threads need no table: replies are messages naming their root.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_quick_comments')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('from_accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'bigint', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('custom', 'text')
    .addColumn('push_options', 'text')
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_quick_comments_pk', [
      'app_key',
      'message_id',
      'from_accid',
      'body',
    ])
    .execute();
  await db.schema
    .createIndex('im_quick_comments_conv_updated')
    .on('im_quick_comments')
    .columns(['app_key', 'conv_key', 'updated_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('im_collects'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('custom', 'text')
    .addColumn('unique_id', 'varchar(128)')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('im_collects_unique_id', ['app_key', 'accid', 'unique_id'])
    .execute();
  await db.schema
    .createIndex('im_collects_account_time')
    .on('im_collects')
    .columns(['app_key', 'accid', 'create_time'])
    .execute();

  await db.schema
    .createTable('im_msg_pins')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('pin_from', 'varchar(64)', (c) => c.notNull())
    .addColumn('pin_custom', 'text')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('im_msg_pins_pk', ['app_key', 'message_id'])
    .execute();
  await db.schema
    .createIndex('im_msg_pins_conv_updated')
    .on('im_msg_pins')
    .columns(['app_key', 'conv_key', 'update_time'])
    .execute();

  await db.schema
    .createTable('im_stick_top_sessions')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('top_custom', 'text')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('im_stick_top_sessions_pk', ['app_key', 'accid', 'session_id'])
    .execute();
  await db.schema
    .createIndex('im_stick_top_account_updated')
    .on('im_stick_top_sessions')
    .columns(['app_key', 'accid', 'update_time'])
    .execute();
}
