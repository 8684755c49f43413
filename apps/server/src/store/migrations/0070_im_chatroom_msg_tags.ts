// NIM's history by tags (getHistoryMsgsByTags, 13_36; decision 0058): a room message sent to a tag
// target is kept under each tag its expression names (not under a `not`), with its time and type,
// so a page of a tag's messages is one index range.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_chatroom_msg_tags')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addColumn('msg_id', 'bigint', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('msg_type', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_msg_tags_pk', ['app_key', 'room_id', 'tag', 'msg_id'])
    .execute();
  await db.schema
    .createIndex('im_chatroom_msg_tags_time')
    .on('im_chatroom_msg_tags')
    .columns(['app_key', 'room_id', 'tag', 'time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_chatroom_msg_tags').execute();
}
