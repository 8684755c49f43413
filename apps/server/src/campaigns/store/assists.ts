// Share codes and assists (campaign_assists). A share code is the one the product API gives
// every account (product_users.share_code); an assist is once per friend, campaign and purpose,
// which the unique index decides, not a read before the write.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface Sharer {
  id: number;
  nickname: string;
  mobile: string;
}

/** The account whose share code this is (as stored: upper case); undefined for none. */
export async function findSharer(
  db: Kysely<Database>,
  shareCode: string,
): Promise<Sharer | undefined> {
  const row = await db
    .selectFrom('product_users')
    .select(['id', 'nickname', 'mobile'])
    .where('share_code', '=', shareCode)
    .executeTakeFirst();
  return row ? { id: Number(row.id), nickname: row.nickname, mobile: row.mobile } : undefined;
}

export interface Assist {
  campaignId: string;
  purpose: string;
  sharerId: number;
  helperId: number;
  now: number;
}

/** Records an assist; a repeated one fails on the unique index (isUniqueViolation). */
export async function insertAssist(db: Kysely<Database>, assist: Assist): Promise<void> {
  await db
    .insertInto('campaign_assists')
    .values({
      campaign_id: assist.campaignId,
      purpose: assist.purpose,
      sharer_id: assist.sharerId,
      helper_id: assist.helperId,
      created_at: assist.now,
    })
    .execute();
}

/** Whether `helperId` already helped `sharerId` in this campaign for this purpose. */
export async function hasAssisted(
  db: Kysely<Database>,
  assist: Omit<Assist, 'now'>,
): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_assists')
    .select('sharer_id')
    .where('campaign_id', '=', assist.campaignId)
    .where('purpose', '=', assist.purpose)
    .where('sharer_id', '=', assist.sharerId)
    .where('helper_id', '=', assist.helperId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface AssistByFriend {
  nickname: string;
  purpose: string;
  createdAt: number;
}

/** The assists `sharerId` received in a campaign (helpers' nicknames), newest first. */
export async function listAssistsOf(
  db: Kysely<Database>,
  campaignId: string,
  sharerId: number,
  limit: number,
): Promise<AssistByFriend[]> {
  const rows = await db
    .selectFrom('campaign_assists as a')
    .innerJoin('product_users as u', 'u.id', 'a.helper_id')
    .select(['u.nickname', 'a.purpose', 'a.created_at'])
    .where('a.campaign_id', '=', campaignId)
    .where('a.sharer_id', '=', sharerId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    nickname: r.nickname,
    purpose: r.purpose,
    createdAt: Number(r.created_at),
  }));
}
