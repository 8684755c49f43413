// Share codes and assists between friends. A shopper's share code is the one the product API
// gives every account (product_users.share_code); an assist is once per friend and purpose,
// never by the sharer themself (a unique index decides, not a read before the write).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import { fail, type CodeName } from '@morsel/api';

export interface Sharer {
  id: number;
  nickname: string;
  mobile: string;
}

export async function findSharer(
  db: Kysely<Database>,
  shareCode: string,
): Promise<Sharer | undefined> {
  const row = await db
    .selectFrom('product_users')
    .select(['id', 'nickname', 'mobile'])
    .where('share_code', '=', shareCode.trim().toUpperCase())
    .executeTakeFirst();
  return row ? { id: Number(row.id), nickname: row.nickname, mobile: row.mobile } : undefined;
}

export interface AssistRequest {
  campaignId: string;
  purpose: string;
  shareCode: string;
  helperId: number;
  now: number;
  /** Refusal names for self-help and a repeated assist (gifts word them differently). */
  selfRefusal?: CodeName;
  repeatRefusal?: CodeName;
}

/** Records that `helperId` helped the owner of `shareCode`; answers the sharer. */
export async function recordAssist(db: Kysely<Database>, request: AssistRequest): Promise<Sharer> {
  const sharer = await findSharer(db, request.shareCode);
  if (!sharer) throw fail('shareCodeInvalid');
  if (sharer.id === request.helperId) throw fail(request.selfRefusal ?? 'selfAssist');
  try {
    await db
      .insertInto('campaign_assists')
      .values({
        campaign_id: request.campaignId,
        purpose: request.purpose,
        sharer_id: sharer.id,
        helper_id: request.helperId,
        created_at: request.now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(request.repeatRefusal ?? 'alreadyAssisted');
    throw error;
  }
  return sharer;
}
