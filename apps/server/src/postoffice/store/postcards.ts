// The voice post office's rows: recordings by owner, cards by code and by owner (newest first).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { PostcardTable, PostcardVoiceTable } from '../tables.ts';

export type PostcardRow = Selectable<PostcardTable>;
export type PostcardVoiceRow = Selectable<PostcardVoiceTable>;

export async function insertVoice(
  db: Kysely<Database>,
  row: Insertable<PostcardVoiceTable>,
): Promise<void> {
  await db.insertInto('postcard_voices').values(row).execute();
}

/** A recording of this shopper's, or undefined (unknown, or someone else's). */
export function ownVoice(
  db: Kysely<Database>,
  userId: number,
  name: string,
): Promise<PostcardVoiceRow | undefined> {
  return db
    .selectFrom('postcard_voices')
    .selectAll()
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function insertCard(
  db: Kysely<Database>,
  row: Insertable<PostcardTable>,
): Promise<PostcardRow> {
  return db.insertInto('postcards').values(row).returningAll().executeTakeFirstOrThrow();
}

export function cardByCode(db: Kysely<Database>, code: string): Promise<PostcardRow | undefined> {
  return db.selectFrom('postcards').selectAll().where('code', '=', code).executeTakeFirst();
}

/** A shopper's cards, newest first, `limit` of them below the row id `before` when given. */
export function cardsOf(
  db: Kysely<Database>,
  userId: number,
  limit: number,
  before?: number,
): Promise<PostcardRow[]> {
  let query = db.selectFrom('postcards').selectAll().where('user_id', '=', userId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Deletes a shopper's card; answers whether there was one. */
export async function deleteOwnCard(
  db: Kysely<Database>,
  userId: number,
  code: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('postcards')
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any card still plays this recording. */
export async function voiceInUse(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('postcards')
    .select('id')
    .where('voice_name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteVoice(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('postcard_voices').where('name', '=', name).execute();
}

/** Recordings made at or before `before` that no card plays, oldest first, at most `limit`. */
export async function unusedVoices(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('postcard_voices')
    .select('name')
    .where('created_at', '<=', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('postcards')
            .select('postcards.id')
            .whereRef('postcards.voice_name', '=', 'postcard_voices.name'),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}
