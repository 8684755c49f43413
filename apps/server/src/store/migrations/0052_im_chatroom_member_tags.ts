// Chatroom tags of each member (decision 0048): the tags its latest login or tag update gave,
// so that any process can list and count a room's online members by tag.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_chatroom_member_tags')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_member_tags_pk', ['app_key', 'room_id', 'tag', 'accid'])
    .execute();
  await db.schema
    .createIndex('im_chatroom_member_tags_member')
    .on('im_chatroom_member_tags')
    .columns(['app_key', 'room_id', 'accid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_chatroom_member_tags').execute();
}
