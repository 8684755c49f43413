// Call signalling (docs/im-signal.md): channels, their members, and invitations kept until they
// are answered or the channel ends.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_signal_channels')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('ext', 'text')
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_signal_channels_pk', ['app_key', 'channel_id'])
    .addUniqueConstraint('im_signal_channels_name', ['app_key', 'channel_name'])
    .execute();
  await db.schema
    .createIndex('im_signal_channels_creator')
    .on('im_signal_channels')
    .columns(['app_key', 'creator'])
    .execute();

  await db.schema
    .createTable('im_signal_members')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_signal_members_pk', ['app_key', 'channel_id', 'accid'])
    .execute();
  await db.schema
    .createIndex('im_signal_members_accid')
    .on('im_signal_members')
    .columns(['app_key', 'accid'])
    .execute();

  await db.schema
    .createTable('im_signal_invites')
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('inviter', 'varchar(64)', (c) => c.notNull())
    .addColumn('invitee', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('answered_by', 'varchar(128)')
    .addColumn('offline_enabled', 'integer', (c) => c.notNull())
    .addColumn('attach_ext', 'text')
    .addColumn('push_info', 'text')
    .addColumn('msgid', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_signal_invites_pk', [
      'app_key',
      'channel_id',
      'inviter',
      'invitee',
      'request_id',
    ])
    .execute();
  await db.schema
    .createIndex('im_signal_invites_invitee')
    .on('im_signal_invites')
    .columns(['app_key', 'invitee', 'state'])
    .execute();
  await db.schema
    .createIndex('im_signal_invites_inviter')
    .on('im_signal_invites')
    .columns(['app_key', 'inviter', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_signal_invites').execute();
  await db.schema.dropTable('im_signal_members').execute();
  await db.schema.dropTable('im_signal_channels').execute();
}
