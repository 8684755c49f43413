// WeChat identities (src/product/wechat, decision 0021): one row per openid of an app id, with
// the unionid and profile when WeChat gave them, linked to a shopper once a mobile number is
// verified. One WeChat per shopper per app id; a row without a shopper is an identity that has
// authorised but not bound a number yet.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('wechat_identities'))
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('openid', 'varchar(128)', (c) => c.notNull())
    .addColumn('unionid', 'varchar(128)')
    .addColumn('user_id', 'bigint', (c) => c.references('product_users.id'))
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wechat_identities_openid')
    .on('wechat_identities')
    .columns(['app_id', 'openid'])
    .unique()
    .execute();
  // NULLs never collide, so any number of unbound identities; one bound per shopper and app.
  await db.schema
    .createIndex('wechat_identities_user')
    .on('wechat_identities')
    .columns(['app_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('wechat_identities_unionid')
    .on('wechat_identities')
    .column('unionid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_identities').execute();
}
