// The orange gift card (src/campaigns/commerce/orange, docs/orange-card.md): the cards a paid order
// issues (one row per card, unique per order and position so a payment issues them once), the
// gifts of cards to friends (an unguessable token claimed once; returned when it expires), and
// the city each shopper chose. Amounts are fen, times epoch ms.
import { sql, type Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('orange_cards'))
    .addColumn('card_no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('commerce_orders.id'))
    /** The card's position in its order, 1…quantity. */
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('city_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('city_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('face_value', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    /** active | giving (a gift is pending) | void (refunded) */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    /** bought | gift */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('orange_cards_once', ['order_id', 'seq'])
    .addCheckConstraint('orange_cards_balance', sql`balance >= 0 and balance <= face_value`)
    .execute();
  await db.schema
    .createIndex('orange_cards_owner')
    .on('orange_cards')
    .columns(['owner_id', 'id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('orange_gifts'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('orange_cards.id'))
    .addColumn('giver_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('blessing', 'varchar(64)', (c) => c.notNull())
    /** pending | claimed | returned */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('receiver_id', 'bigint', (c) => c.references('product_users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('returned_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('orange_gifts_due')
    .on('orange_gifts')
    .columns(['state', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('orange_gifts_giver')
    .on('orange_gifts')
    .columns(['giver_id', 'id'])
    .execute();
  await db.schema
    .createIndex('orange_gifts_card')
    .on('orange_gifts')
    .columns(['card_id'])
    .execute();

  await db.schema
    .createTable('orange_city_choices')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('product_users.id'))
    .addColumn('city_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['orange_city_choices', 'orange_gifts', 'orange_cards'])
    await db.schema.dropTable(table).execute();
}
