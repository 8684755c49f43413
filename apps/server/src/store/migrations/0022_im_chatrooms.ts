// Chatrooms (docs/im-chatroom.md): rooms, their members with identities and online state, the
// room queue and the message history.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('im_chatrooms'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('announcement', 'text', (c) => c.notNull())
    .addColumn('broadcast_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('custom', 'text', (c) => c.notNull())
    .addColumn('queue_level', 'integer', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull())
    .addColumn('muted', 'integer', (c) => c.notNull())
    .addColumn('online_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('im_chatroom_members')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('anonymous', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('nick', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(1024)', (c) => c.notNull())
    .addColumn('custom', 'text', (c) => c.notNull())
    .addColumn('blacked', 'integer', (c) => c.notNull())
    .addColumn('gaged', 'integer', (c) => c.notNull())
    .addColumn('temp_mute_until', 'bigint', (c) => c.notNull())
    .addColumn('online', 'integer', (c) => c.notNull())
    .addColumn('enter_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_members_pk', ['app_key', 'room_id', 'accid'])
    .execute();
  await db.schema
    .createIndex('im_chatroom_members_role')
    .on('im_chatroom_members')
    .columns(['app_key', 'room_id', 'role', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('im_chatroom_members_online')
    .on('im_chatroom_members')
    .columns(['app_key', 'room_id', 'online', 'enter_time'])
    .execute();

  await db.schema
    .createTable('im_chatroom_queue')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('element_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('element_value', 'text', (c) => c.notNull())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('transient', 'integer', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_queue_pk', ['app_key', 'room_id', 'element_key'])
    .execute();
  await db.schema
    .createIndex('im_chatroom_queue_position')
    .on('im_chatroom_queue')
    .columns(['app_key', 'room_id', 'position'])
    .execute();

  await withIdColumn(db, db.schema.createTable('im_chatroom_msgs'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('from_accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_client', 'varchar(128)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_chatroom_msgs_time')
    .on('im_chatroom_msgs')
    .columns(['app_key', 'room_id', 'time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_chatroom_msgs').execute();
  await db.schema.dropTable('im_chatroom_queue').execute();
  await db.schema.dropTable('im_chatroom_members').execute();
  await db.schema.dropTable('im_chatrooms').execute();
}
