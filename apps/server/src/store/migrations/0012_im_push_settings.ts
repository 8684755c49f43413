// Push settings (docs/im-messaging.md, "Push settings"): each device's push token and each
// account's do-not-disturb window, kept for a push provider.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_push_tokens')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('client_type', 'integer', (c) => c.notNull())
    .addColumn('token_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('token', 'varchar(512)', (c) => c.notNull())
    .addColumn('pushkit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_push_tokens_pk', ['app_key', 'accid', 'device_id'])
    .execute();
  await db.schema
    .createIndex('im_push_tokens_token')
    .on('im_push_tokens')
    .columns(['app_key', 'token_name', 'token'])
    .execute();

  await db.schema
    .createTable('im_donnop')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('open', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('show_detail', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_donnop_pk', ['app_key', 'accid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_donnop').execute();
  await db.schema.dropTable('im_push_tokens').execute();
}
