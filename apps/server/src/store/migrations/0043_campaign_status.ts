// Campaigns as instances (issue 26, decision 0037): an operator's lifecycle beside the time
// window. `live` campaigns follow their window (scheduled, running, ended); `draft` and `archived`
// ones are invisible to shoppers; `paused` refuses shoppers' actions until resumed; `ended` closes
// a campaign before its window does. Existing campaigns are live, as they were.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('live'))
    .execute();
  // A kind's current campaign is looked up by kind among the live ones.
  await db.schema
    .createIndex('campaigns_kind')
    .on('campaigns')
    .columns(['kind', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('campaigns_kind').execute();
  await db.schema.alterTable('campaigns').dropColumn('status').execute();
}
