// The outlet declaration (src/forms, docs/forms.md): one saved draft per shopper, and the
// declarations operators review. A licence number has at most one declaration waiting or
// approved (a partial unique index, so a rejected one can be declared again).
import { sql, type Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fullshop_drafts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('product_users.id'))
    // The fields filled in so far, as JSON text (a draft may hold anything the form allows).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('fullshop_applications'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('shop_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('shop_type_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('shop_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(16)', (c) => c.notNull())
    .addColumn('licence_no', 'varchar(18)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('province_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('city_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('region_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('region_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'varchar(512)', (c) => c.notNull())
    // Photo names (im_files objects) as a JSON array.
    .addColumn('photos', 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(1024)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(512)')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addCheckConstraint(
      'fullshop_applications_status',
      sql`status in ('pending', 'approved', 'rejected')`,
    )
    .execute();
  await db.schema
    .createIndex('fullshop_applications_by_user')
    .on('fullshop_applications')
    .columns(['user_id', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('fullshop_applications_by_status')
    .on('fullshop_applications')
    .columns(['status', 'submitted_at'])
    .execute();
  await sql`create unique index fullshop_applications_live_licence on fullshop_applications (licence_no) where status in ('pending', 'approved')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fullshop_applications').execute();
  await db.schema.dropTable('fullshop_drafts').execute();
}
