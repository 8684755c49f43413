// Pictures in customer service (docs/customer-service.md): a message may carry one picture, a file
// its sender uploaded through the IM files path (its object name) with its size in pixels.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cs_messages').addColumn('image_name', 'varchar(64)').execute();
  await db.schema.alterTable('cs_messages').addColumn('image_width', 'integer').execute();
  await db.schema.alterTable('cs_messages').addColumn('image_height', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cs_messages').dropColumn('image_height').execute();
  await db.schema.alterTable('cs_messages').dropColumn('image_width').execute();
  await db.schema.alterTable('cs_messages').dropColumn('image_name').execute();
}
