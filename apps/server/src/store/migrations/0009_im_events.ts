// Presence event subscriptions and the latest event per account and type (docs/im-events.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_event_subs')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('subscriber', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('subscribe_time', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_event_subs_pk', ['app_key', 'subscriber', 'type', 'target'])
    .execute();
  await db.schema
    .createIndex('im_event_subs_target')
    .on('im_event_subs')
    .columns(['app_key', 'target', 'type'])
    .execute();

  await db.schema
    .createTable('im_events')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('custom', 'text')
    .addColumn('id_client', 'varchar(64)')
    .addColumn('client_type', 'integer')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_events_pk', ['app_key', 'account', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_events').execute();
  await db.schema.dropTable('im_event_subs').execute();
}
