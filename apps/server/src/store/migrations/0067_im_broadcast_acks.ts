// Acknowledged broadcast messages (decision 0057): NIM's SDK answers every broadcast it gets, live
// or synced, with batchMarkRead; an account that has acknowledged a kept broadcast is not sent it
// again by a later sync. A row lives as long as its broadcast (the same expiry, pruned with it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_broadcast_acks')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(32)', (c) => c.notNull())
    // The broadcast's time, which is its broadcastId (unique in its app, migration 0059).
    .addColumn('broadcast_time', 'bigint', (c) => c.notNull())
    // Its broadcast's expiry, so both are pruned together.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_broadcast_acks_pk', ['app_key', 'accid', 'broadcast_time'])
    .execute();
  await db.schema
    .createIndex('im_broadcast_acks_expiry')
    .on('im_broadcast_acks')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_broadcast_acks').execute();
}
