// Orders and payment (src/campaigns/commerce, docs/commerce.md): orders and their state machine,
// every payment notify received (a replay is found by its unique id), refunds the job sends to
// the provider, and the prepaid cards a bank top-up credits with their ledger. Amounts are fen.
import { sql, type Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('commerce_orders'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** created | paid | fulfilled | refunded | closed */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)')
    .addColumn('channel', 'varchar(32)')
    .addColumn('trade_no', 'varchar(64)')
    /** What the order delivers, JSON (a top-up: the card and the credit). */
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('fulfilled_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('commerce_orders_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('commerce_orders_user')
    .on('commerce_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('commerce_orders_due')
    .on('commerce_orders')
    .columns(['state', 'expires_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('commerce_notifies'))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('notify_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('commerce_notifies_once', ['method', 'notify_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('commerce_refunds'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('commerce_orders.id'))
    .addColumn('refund_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(128)', (c) => c.notNull())
    /** pending | succeeded | failed */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('commerce_refunds_due')
    .on('commerce_refunds')
    .columns(['state', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('prepaid_cards')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('product_users.id'))
    .addColumn('card_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('prepaid_cards_not_negative', sql`balance >= 0`)
    .execute();

  await withIdColumn(db, db.schema.createTable('prepaid_card_entries'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)', (c) => c.notNull())
    .addColumn('business_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'prepaid_card_entries',
    'prepaid_cards',
    'commerce_refunds',
    'commerce_notifies',
    'commerce_orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
