// Temporary mutes of a chatroom tag (decision 0048): every connection carrying the tag stays
// silent until `until` (milliseconds since the epoch).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_chatroom_tag_mutes')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_tag_mutes_pk', ['app_key', 'room_id', 'tag'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_chatroom_tag_mutes').execute();
}
