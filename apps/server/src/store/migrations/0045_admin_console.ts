// The operator console's accounts and sessions (docs/operator-console.md, decision 0039). A
// password is kept as its scrypt hash with salt and parameters; a session as the sha256 of its
// token, never the token.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('admin_users'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('admin_users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_sessions_user')
    .on('admin_sessions')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_sessions').execute();
  await db.schema.dropTable('admin_users').execute();
}
