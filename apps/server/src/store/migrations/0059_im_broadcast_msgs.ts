// NIM's broadcast messages (msg/broadcastMsg, docs/im-server-api.md "Broadcasts"): pushed to every
// online account of the app; one kept for offline accounts (isOffline) waits here until its ttl
// passes, and reaches each device in its next sync (category broadcastMsgs).
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('im_broadcast_msgs'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    // The sender's accid, or empty when the app sent it as itself.
    .addColumn('from_accid', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // NIM's targetOs: the client kinds it is for (ios, aos, pc, web, mac), comma-separated; empty
    // for every kind.
    .addColumn('target_os', 'varchar(64)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    // Kept for offline devices until then; 0: online only (never synced).
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // A broadcast's time is unique in its app: it is also its broadcastId, which NIM's SDK keeps as
  // the sync category's timetag, so ids and timetags are one scale.
  await db.schema
    .createIndex('im_broadcast_msgs_app_time')
    .unique()
    .on('im_broadcast_msgs')
    .columns(['app_key', 'time'])
    .execute();
  await db.schema
    .createIndex('im_broadcast_msgs_expiry')
    .on('im_broadcast_msgs')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_broadcast_msgs').execute();
}
