// The love account (docs/content.md, issue 22): every donation of points to a charity project
// (who, which project, how many points; the page's request id makes a retried request donate
// once) and one running total per project, moved in the donation's transaction by a conditional
// upsert that never takes a project past its goal.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('love_donations'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('project_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('request_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('love_donations_project')
    .on('love_donations')
    .columns(['campaign_id', 'project_key', 'id'])
    .execute();
  await db.schema
    .createIndex('love_donations_user')
    .on('love_donations')
    .columns(['campaign_id', 'user_id', 'id'])
    .execute();

  await db.schema
    .createTable('love_project_totals')
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('project_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('raised', 'bigint', (c) => c.notNull())
    .addColumn('donations', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('love_project_totals_pk', ['campaign_id', 'project_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('love_project_totals').execute();
  await db.schema.dropTable('love_donations').execute();
}
