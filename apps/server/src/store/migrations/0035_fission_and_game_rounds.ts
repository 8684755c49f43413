// Red-packet fission and the game centre (docs/campaigns.md, decision 0029).
// A fission packet is split into shares when it is opened (`split`, JSON points per share); the
// owner takes share 0 and every helper the next one by one conditional update
// (`taken = taken + 1 where taken < shares and expires_at > now`), and a help row keyed by
// (packet, slot) and unique by (packet, helper) makes each share paid once, to one friend.
// A game round is issued with a seed and finished once (`where finished_at is null`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_fission_packets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('channel', 'varchar(64)', (c) => c.notNull())
    .addColumn('total_points', 'integer', (c) => c.notNull())
    .addColumn('shares', 'integer', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addColumn('split', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_fission_packets_owner')
    .on('campaign_fission_packets')
    .columns(['campaign_id', 'owner_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('campaign_fission_helps')
    .addColumn('packet_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('helper_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_fission_helps_pk', ['packet_id', 'slot'])
    .execute();
  await db.schema
    .createIndex('campaign_fission_helps_once')
    .on('campaign_fission_helps')
    .columns(['packet_id', 'helper_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('campaign_game_rounds')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('score', 'integer')
    .addColumn('points', 'integer')
    .execute();
  await db.schema
    .createIndex('campaign_game_rounds_user')
    .on('campaign_game_rounds')
    .columns(['campaign_id', 'user_id', 'issued_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_game_rounds').execute();
  await db.schema.dropTable('campaign_fission_helps').execute();
  await db.schema.dropTable('campaign_fission_packets').execute();
}
