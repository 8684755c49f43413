// Deleting a session on the server (deleteSessions 7_9, deleteServerSessions 7_22) also deletes
// its roaming: the messages up to the delete no longer come back in a device's message sync, so
// NIM's SDK (which builds sessions from roamed messages) does not show the session again at its
// next login. Team and super-team sessions need the time itself: a super team's rows are not
// touched by new messages, so "deleted" alone could never end for them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('im_sessions')
    .addColumn('deleted_before', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_sessions').dropColumn('deleted_before').execute();
}
