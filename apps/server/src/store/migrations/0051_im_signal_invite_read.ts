// NIM's signalingMarkMsgRead: a callee's device marks an offline-enabled invitation received, and
// the unread sync at its next login leaves it out (it stays answerable until it expires).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_signal_invites').addColumn('read_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_signal_invites').dropColumn('read_at').execute();
}
