// Sync joins an account's sessions to messages by conversation (offline messages, unread
// counts, receipts). The primary key (app_key, accid, session_id) only narrows that join to the
// account, so every message scanned all of the account's sessions: 10,000 offline messages
// against 1,000 sessions took seconds. This index makes the join one lookup per message.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('im_sessions_conv')
    .on('im_sessions')
    .columns(['app_key', 'accid', 'conv_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('im_sessions_conv').execute();
}
