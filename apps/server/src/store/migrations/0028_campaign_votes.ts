// The vote campaign (docs/campaigns.md, issue 20): every vote cast (who, which option, which
// Asia/Shanghai day) and one running tally per option, moved by an upsert in the vote's
// transaction so the page reads counts without counting the log.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('campaign_votes'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('option_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_votes_user')
    .on('campaign_votes')
    .columns(['campaign_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('campaign_vote_tallies')
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('option_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('votes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_vote_tallies_pk', ['campaign_id', 'option_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_vote_tallies').execute();
  await db.schema.dropTable('campaign_votes').execute();
}
