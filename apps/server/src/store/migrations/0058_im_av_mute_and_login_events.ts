// Two things NIM's server API keeps per account (docs/im-server-api.md): mute_av (user/muteAv: the
// account may not start or invite to calls) and the account's logins and logouts, which
// history/queryUserEvents reads back. Events older than the retention window are pruned.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('im_accounts')
    .addColumn('mute_av', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withIdColumn(db, db.schema.createTable('im_login_events'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(32)', (c) => c.notNull())
    // NIM's eventType: 2 login, 3 logout.
    .addColumn('event_type', 'integer', (c) => c.notNull())
    .addColumn('client_type', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_login_events_account')
    .on('im_login_events')
    .columns(['app_key', 'accid', 'time'])
    .execute();
  await db.schema
    .createIndex('im_login_events_time')
    .on('im_login_events')
    .column('time')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_login_events').execute();
  await db.schema.alterTable('im_accounts').dropColumn('mute_av').execute();
}
