// Chat in the app (issue 23, docs/chat-pages.md): the IM account of each shopper who opened a
// chat page. The account lives in the IM cloud (im_accounts, its token stored hashed there); this
// row maps the shopper to it and holds the token generation, which moves when a session of the
// shopper logs out (the token is derived from it, so no token is stored here).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_shoppers')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('product_users.id'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_epoch', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chat_shoppers_accid', ['app_key', 'accid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_shoppers').execute();
}
