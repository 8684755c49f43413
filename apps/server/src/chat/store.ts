// Queries of chat in the app: the shopper -> IM account map (migration 0049). Each decision is
// one statement, atomic on SQLite and PostgreSQL.
import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation, type Database } from '../store/index.ts';
import type { ChatShopperTable } from './tables.ts';

export type ChatShopper = Selectable<ChatShopperTable>;

function toShopper(row: ChatShopper): ChatShopper {
  return {
    user_id: Number(row.user_id),
    app_key: row.app_key,
    accid: row.accid,
    token_epoch: Number(row.token_epoch),
    created_at: Number(row.created_at),
  };
}

export async function findShopper(
  db: Kysely<Database>,
  userId: number,
): Promise<ChatShopper | undefined> {
  const row = await db
    .selectFrom('chat_shoppers')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toShopper(row);
}

/**
 * Claims `accid` for the shopper; false when the shopper already has a row (another tab got
 * there first) or the accid is another shopper's.
 */
export async function claimShopper(
  db: Kysely<Database>,
  row: Pick<ChatShopper, 'user_id' | 'app_key' | 'accid' | 'created_at'>,
): Promise<boolean> {
  try {
    await db
      .insertInto('chat_shoppers')
      .values({ ...row, token_epoch: 0 })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Moves the shopper to another accid (theirs was taken in the IM app by someone else). */
export async function changeAccid(
  db: Kysely<Database>,
  userId: number,
  accid: string,
): Promise<void> {
  await db.updateTable('chat_shoppers').set({ accid }).where('user_id', '=', userId).execute();
}

/** Moves the token generation on by one; the new generation, or undefined without a row. */
export async function nextTokenEpoch(
  db: Kysely<Database>,
  userId: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('chat_shoppers')
    .set((eb) => ({ token_epoch: eb('token_epoch', '+', 1) }))
    .where('user_id', '=', userId)
    .returning('token_epoch')
    .executeTakeFirst();
  return row && Number(row.token_epoch);
}

/** The shoppers behind some IM accounts of an app (the live room's lottery reads who is in). */
export async function shoppersByAccid(
  db: Kysely<Database>,
  appKey: string,
  accids: readonly string[],
): Promise<Map<string, number>> {
  if (accids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_shoppers')
    .select(['accid', 'user_id'])
    .where('app_key', '=', appKey)
    .where('accid', 'in', accids)
    .execute();
  return new Map(rows.map((row) => [row.accid, Number(row.user_id)]));
}

/** The IM accounts of some shoppers (those who have one), by user id. */
export async function accidsOfShoppers(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_shoppers')
    .select(['accid', 'user_id'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), row.accid]));
}
