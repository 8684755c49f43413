// Teams and their members (docs/im-teams.md). Left and removed members stay as invalid rows so
// their devices learn of it at the next sync.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('im_teams'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('announcement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('join_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('be_invite_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('invite_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('update_team_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('update_custom_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('mute_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('member_num', 'integer', (c) => c.notNull())
    .addColumn('valid', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('member_updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('im_team_members')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('nick_in_team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mute_team', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('mute_noti_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mute', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('invitor', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('valid', 'smallint', (c) => c.notNull())
    .addColumn('join_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_team_members_pk', ['app_key', 'team_id', 'accid'])
    .execute();
  await db.schema
    .createIndex('im_team_members_accid')
    .on('im_team_members')
    .columns(['app_key', 'accid', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_team_members').execute();
  await db.schema.dropTable('im_teams').execute();
}
