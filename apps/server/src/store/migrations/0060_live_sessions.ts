// The live room (issue 23, docs/live-pages.md, decision 0052): live sessions, each with its
// chatroom in the default IM app, its host (a shopper) and its like count; and the lottery draws
// a host ran, with the winners as the room was told (the awards themselves are campaign awards).
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('live_sessions'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('cover', 'varchar(512)', (c) => c.notNull())
    .addColumn('stream', 'varchar(512)', (c) => c.notNull())
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('host_user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('chatroom_id', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('likes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_sessions_starts')
    .on('live_sessions')
    .columns(['starts_at'])
    .execute();
  await withIdColumn(db, db.schema.createTable('live_draws'))
    .addColumn('session_id', 'bigint', (c) => c.notNull().references('live_sessions.id'))
    .addColumn('prize_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('prize_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('prize_image', 'varchar(512)', (c) => c.notNull())
    /** JSON: [{ userId, nick, mobile (masked) }], in the order drawn. */
    .addColumn('winners', 'text', (c) => c.notNull())
    .addColumn('drawn_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_draws_session')
    .on('live_draws')
    .columns(['session_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_draws').execute();
  await db.schema.dropTable('live_sessions').execute();
}
