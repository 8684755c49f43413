// The post office's pruning job (decision 0060) looks for recordings older than a day that no
// card plays: by upload time, and whether a card names a recording.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('postcard_voices_created')
    .on('postcard_voices')
    .column('created_at')
    .execute();
  await db.schema.createIndex('postcards_by_voice').on('postcards').column('voice_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('postcards_by_voice').execute();
  await db.schema.dropIndex('postcard_voices_created').execute();
}
