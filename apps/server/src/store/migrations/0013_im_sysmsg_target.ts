// Stored system messages may name a target other than their recipient: a team custom system
// message (customTeam) is stored once per member but is addressed to the team (docs/im-people.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_sysmsgs').addColumn('target', 'varchar(128)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_sysmsgs').dropColumn('target').execute();
}
