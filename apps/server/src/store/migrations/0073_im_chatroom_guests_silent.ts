// A chatroom may let anonymous guests read but not speak (decision 0060): the live room's rule,
// checked by the chatroom's send for every client. The rooms of the live sessions already made
// get it here; new ones when the live room makes them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('im_chatrooms')
    .addColumn('guests_silent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update im_chatrooms set guests_silent = 1
    where exists (
      select 1 from live_sessions
      where live_sessions.app_key = im_chatrooms.app_key
        and live_sessions.chatroom_id = im_chatrooms.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_chatrooms').dropColumn('guests_silent').execute();
}
