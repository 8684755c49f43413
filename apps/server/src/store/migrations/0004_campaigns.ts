// Tables of the campaigns and their rewards kernel (src/campaigns). Every "at most" is either a
// unique constraint or a column a conditional update keeps in range.
import { sql, type Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('campaign_prizes'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull().references('campaigns.id'))
    .addColumn('prize_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('image', 'varchar(512)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer')
    .addColumn('awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('campaign_prizes_key', ['campaign_id', 'prize_key'])
    .addCheckConstraint('campaign_prizes_stock_not_negative', sql`stock is null or stock >= 0`)
    .execute();

  await withIdColumn(db, db.schema.createTable('campaign_awards'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('prize_id', 'bigint', (c) => c.notNull())
    .addColumn('prize_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('image', 'varchar(512)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('business_key', 'varchar(191)', (c) => c.unique())
    .addColumn('coupon_id', 'bigint')
    .addColumn('address', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_awards_user')
    .on('campaign_awards')
    .columns(['campaign_id', 'user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('campaign_awards_recent')
    .on('campaign_awards')
    .columns(['campaign_id', 'kind', 'id'])
    .execute();

  await db.schema
    .createTable('campaign_counters')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('campaign_sign_ins'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('streak_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('campaign_sign_ins_once_a_day', ['campaign_id', 'user_id', 'day'])
    .execute();

  await withIdColumn(db, db.schema.createTable('campaign_assists'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('sharer_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('helper_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('campaign_assists_once', [
      'campaign_id',
      'purpose',
      'sharer_id',
      'helper_id',
    ])
    .execute();

  await withIdColumn(db, db.schema.createTable('campaign_passwords'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('password', 'varchar(64)', (c) => c.notNull())
    .addColumn('prize_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('use_limit', 'integer')
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('campaign_passwords_once', ['campaign_id', 'password'])
    .execute();

  await db.schema
    .createTable('points_balances')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('product_users.id'))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('points_balances_not_negative', sql`balance >= 0`)
    .execute();

  await withIdColumn(db, db.schema.createTable('points_ledger'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(128)', (c) => c.notNull())
    .addColumn('business_key', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('points_ledger_user')
    .on('points_ledger')
    .columns(['user_id', 'id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('coupon_templates'))
    .addColumn('template_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer')
    .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_user_limit', 'integer', (c) => c.notNull())
    .addColumn('claimable', 'smallint', (c) => c.notNull())
    .addColumn('channels', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(256)', (c) => c.notNull())
    .addColumn('online_path', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('coupon_templates_stock_not_negative', sql`stock is null or stock >= 0`)
    .execute();

  await withIdColumn(db, db.schema.createTable('coupons'))
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('coupon_templates.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_channel', 'varchar(16)')
    .execute();
  await db.schema.createIndex('coupons_user').on('coupons').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('coupon_exchange_codes')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('coupon_templates.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_by', 'bigint')
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'coupon_exchange_codes',
    'coupons',
    'coupon_templates',
    'points_ledger',
    'points_balances',
    'campaign_passwords',
    'campaign_assists',
    'campaign_sign_ins',
    'campaign_counters',
    'campaign_awards',
    'campaign_prizes',
    'campaigns',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
