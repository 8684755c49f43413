// Safe short URLs (docs/im-messaging.md, "Safe URLs"): which original file URL each safe short
// URL the server issued stands for, resolved by getOriginUrl (6:22).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_safe_urls')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('safe_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('origin_url', 'varchar(4096)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_safe_urls_pk', ['app_key', 'safe_url'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_safe_urls').execute();
}
