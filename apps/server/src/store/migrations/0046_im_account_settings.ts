// Two per-account settings an app's backend sets through the server API (docs/im-server-api.md):
// muted (NIM's user/mute: the account cannot send messages) and donnop_open (NIM's
// user/setDonnop: no mobile push while a desktop client is online, kept for a push provider).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('im_accounts')
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('im_accounts')
    .addColumn('donnop_open', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_accounts').dropColumn('donnop_open').execute();
  await db.schema.alterTable('im_accounts').dropColumn('muted').execute();
}
