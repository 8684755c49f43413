// The cross-border shop (docs/crossborder.md): how many pieces of each product open and paid
// orders hold. The stock itself is the campaign's setting; an order takes its pieces with one
// conditional update (`sold + n <= stock`), and a closed order gives them back, so two shoppers
// never buy the last piece twice, on SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('xborder_stock')
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('xborder_stock_pk', ['campaign_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('xborder_stock').execute();
}
