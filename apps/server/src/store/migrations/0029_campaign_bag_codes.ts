// The open-bag prize (docs/campaigns.md, issue 20): the codes printed inside snack bags, imported
// by operators in batches. A code is opened once: the opening is one conditional update
// (`where opened_by is null`), so two shoppers racing with the same code never both win. The row
// keeps the award it produced and when its goods order was confirmed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_bag_codes')
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('batch', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_by', 'bigint', (c) => c.references('product_users.id'))
    .addColumn('opened_at', 'bigint')
    .addColumn('award_id', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .addPrimaryKeyConstraint('campaign_bag_codes_pk', ['campaign_id', 'code'])
    .execute();
  await db.schema
    .createIndex('campaign_bag_codes_opener')
    .on('campaign_bag_codes')
    .columns(['campaign_id', 'opened_by'])
    .execute();
  await db.schema
    .createIndex('campaign_bag_codes_award')
    .on('campaign_bag_codes')
    .columns(['award_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_bag_codes').execute();
}
