// Red-packet rain rounds (docs/campaigns.md, decision 0028). A round is planned and signed when it
// starts (the key that signs its token is the row's own), and settled once: the settlement is one
// conditional update (`where settled_at is null`), so a replayed token never pays twice.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('campaign_rain_rounds'))
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('round_ms', 'integer', (c) => c.notNull())
    .addColumn('token_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addColumn('outcome', 'varchar(16)')
    .addColumn('catches', 'integer')
    .addColumn('award_id', 'bigint')
    .execute();
  await db.schema
    .createIndex('campaign_rain_rounds_user')
    .on('campaign_rain_rounds')
    .columns(['campaign_id', 'user_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_rain_rounds').execute();
}
