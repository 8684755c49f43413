// One-to-one (and later team) messages, conversations with their ordering, per-account session
// state, one-way deletes and read receipts (docs/im-messaging.md).
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_conversations')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_conversations_pk', ['app_key', 'conv_key'])
    .execute();

  await withIdColumn(db, db.schema.createTable('im_messages'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('scene', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_target', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_client', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('unreadable', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('historyable', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('roamingable', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('offlinable', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('deleted_by', 'varchar(64)')
    .addColumn('delete_ps', 'text')
    .addUniqueConstraint('im_messages_client_id', ['app_key', 'from_accid', 'id_client'])
    .execute();
  await db.schema
    .createIndex('im_messages_conv_time')
    .on('im_messages')
    .columns(['app_key', 'conv_key', 'time'])
    .execute();
  await db.schema
    .createIndex('im_messages_to_time')
    .on('im_messages')
    .columns(['app_key', 'to_target', 'time'])
    .execute();
  await db.schema
    .createIndex('im_messages_from_time')
    .on('im_messages')
    .columns(['app_key', 'from_accid', 'time'])
    .execute();
  await db.schema
    .createIndex('im_messages_deleted')
    .on('im_messages')
    .columns(['app_key', 'deleted_at'])
    .execute();

  await db.schema
    .createTable('im_sessions')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('scene', 'varchar(16)', (c) => c.notNull())
    .addColumn('peer', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_msg_id', 'bigint')
    .addColumn('ack', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared_before', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ext', 'text')
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_sessions_pk', ['app_key', 'accid', 'session_id'])
    .execute();
  await db.schema
    .createIndex('im_sessions_updated')
    .on('im_sessions')
    .columns(['app_key', 'accid', 'updated_at'])
    .execute();

  await db.schema
    .createTable('im_msg_hidden')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_msg_hidden_pk', ['app_key', 'accid', 'message_id'])
    .execute();

  await db.schema
    .createTable('im_receipts')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('reader', 'varchar(64)', (c) => c.notNull())
    .addColumn('msg_time', 'bigint', (c) => c.notNull())
    .addColumn('id_server', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_receipts_pk', ['app_key', 'conv_key', 'reader'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'im_receipts',
    'im_msg_hidden',
    'im_sessions',
    'im_messages',
    'im_conversations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
