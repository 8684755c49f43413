// IM files (docs/im-files.md): stored objects, the upload grants that may write them (chunked
// uploads keep their progress on the grant, so a dropped connection resumes), and the access
// tokens handed out for them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_files')
    .addColumn('object_name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('safe_url', 'varchar(2048)')
    // Cached renditions made so far: capped, so distinct operations cannot fill the disk.
    .addColumn('renditions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Null: kept for ever (no nosSurvivalTime).
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('im_files_by_content')
    .on('im_files')
    .columns(['app_key', 'md5', 'size'])
    .execute();
  await db.schema
    .createIndex('im_files_by_account_day')
    .on('im_files')
    .columns(['app_key', 'accid', 'created_at'])
    .execute();
  await db.schema
    .createIndex('im_files_by_address_day')
    .on('im_files')
    .columns(['address', 'created_at'])
    .execute();
  await db.schema.createIndex('im_files_expiry').on('im_files').column('expires_at').execute();

  await db.schema
    .createTable('im_upload_grants')
    // sha256 of the token, hex: the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_name', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('survival_seconds', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Chunked uploads: the context the client echoes and the bytes received so far.
    .addColumn('context', 'varchar(64)')
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('im_upload_grants_expiry')
    .on('im_upload_grants')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_upload_grants').execute();
  await db.schema.dropTable('im_files').execute();
}
