// Recalls are found by their time (im_messages_deleted, for the sync of recalls since a timetag),
// but the index held every message, recalled or not: each insert on the send path paid for an
// entry with a null key. Only recalled messages enter it now; every query that reads it asks for
// `deleted_at > ?`, which both engines take as implying `deleted_at is not null`.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('im_messages_deleted').execute();
  await db.schema
    .createIndex('im_messages_deleted')
    .on('im_messages')
    .columns(['app_key', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('im_messages_deleted').execute();
  await db.schema
    .createIndex('im_messages_deleted')
    .on('im_messages')
    .columns(['app_key', 'deleted_at'])
    .execute();
}
