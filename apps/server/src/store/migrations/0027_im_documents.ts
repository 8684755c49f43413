// IM documents (docs/im-files.md, "Documents"): a ppt, pptx or pdf uploaded under a transcoding
// grant and its page pictures; each app's client anti-spam lexicon, set by the operator through
// the server REST API and read by getClientAntispam; and the access tokens of stored files
// (getNosAccessToken, deleteNosAccessToken).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_docs')
    .addColumn('doc_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('ext', 'varchar(8)', (c) => c.notNull())
    // The uploaded document (an im_files row once the upload finished).
    .addColumn('object_name', 'varchar(128)', (c) => c.notNull().unique())
    // uploading, transcoding, done, failed.
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'bigint')
    // The page pictures' object names, in order (JSON array; im_files rows of their own).
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('error', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_docs_by_account')
    .on('im_docs')
    .columns(['app_key', 'accid', 'created_at'])
    .execute();
  await db.schema.createIndex('im_docs_by_state').on('im_docs').column('state').execute();

  await db.schema
    .createTable('im_client_antispam')
    .addColumn('app_key', 'varchar(64)', (c) => c.primaryKey())
    // NIM's thesaurus JSON as the operator sent it: clients parse it (500 when they cannot).
    .addColumn('thesaurus', 'text', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('im_file_access_tokens')
    // sha256 of the token, hex: the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('object_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('im_file_access_tokens_by_object')
    .on('im_file_access_tokens')
    .column('object_name')
    .execute();
  await db.schema
    .createIndex('im_file_access_tokens_by_account')
    .on('im_file_access_tokens')
    .columns(['app_key', 'accid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_file_access_tokens').execute();
  await db.schema.dropTable('im_client_antispam').execute();
  await db.schema.dropTable('im_docs').execute();
}
