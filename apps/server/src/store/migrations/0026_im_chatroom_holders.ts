// Chatroom online counts that survive a crashed process (docs/im-chatroom.md): which process
// holds how many connections of each member, and when each process last said it was alive. And
// each room's queue size limit (NIM's queueInit sizeLimit, 0-1000).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_chatroom_holders')
    .addColumn('process_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('connections', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_holders_pk', [
      'process_id',
      'app_key',
      'room_id',
      'accid',
    ])
    .execute();
  await db.schema
    .createTable('im_chatroom_processes')
    .addColumn('process_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('im_chatrooms')
    .addColumn('queue_size_limit', 'integer', (c) => c.notNull().defaultTo(1000))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_chatrooms').dropColumn('queue_size_limit').execute();
  await db.schema.dropTable('im_chatroom_processes').execute();
  await db.schema.dropTable('im_chatroom_holders').execute();
}
