// WeChat identities (migration 0025) and the pending authorisations (product_cache entries
// taken once). Each decision is one statement, so two callbacks racing cannot both bind.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import type { WechatIdentityTable } from './tables.ts';

export type WechatIdentity = Selectable<WechatIdentityTable>;

export interface IdentityFields {
  appId: string;
  openid: string;
  unionid: string | null;
  /** Given with snsapi_userinfo; a base-scope visit leaves the stored profile alone. */
  profile?: { nickname: string; avatarUrl: string };
}

/** The identity of this openid, created on its first authorisation, profile refreshed. */
export async function recordIdentity(
  db: Kysely<Database>,
  fields: IdentityFields,
  now: number,
): Promise<WechatIdentity> {
  const changes = {
    updated_at: now,
    ...(fields.unionid ? { unionid: fields.unionid } : {}),
    ...(fields.profile
      ? { nickname: fields.profile.nickname, avatar_url: fields.profile.avatarUrl }
      : {}),
  };
  return db
    .insertInto('wechat_identities')
    .values({
      app_id: fields.appId,
      openid: fields.openid,
      unionid: fields.unionid,
      user_id: null,
      nickname: fields.profile?.nickname ?? '',
      avatar_url: fields.profile?.avatarUrl ?? '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['app_id', 'openid']).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findIdentity(
  db: Kysely<Database>,
  id: number,
): Promise<WechatIdentity | undefined> {
  return db.selectFrom('wechat_identities').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findIdentityOfUser(
  db: Kysely<Database>,
  appId: string,
  userId: number,
): Promise<WechatIdentity | undefined> {
  return db
    .selectFrom('wechat_identities')
    .selectAll()
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export type LinkOutcome = 'linked' | 'alreadyYours' | 'boundElsewhere' | 'userHasOther';

/** Binds an identity to a shopper unless it is bound already or the shopper has another one. */
export async function linkIdentity(
  db: Kysely<Database>,
  identityId: number,
  userId: number,
  now: number,
): Promise<LinkOutcome> {
  try {
    const result = await db
      .updateTable('wechat_identities')
      .set({ user_id: userId, updated_at: now })
      .where('id', '=', identityId)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return 'linked';
  } catch (error) {
    if (isUniqueViolation(error)) return 'userHasOther';
    throw error;
  }
  const row = await findIdentity(db, identityId);
  return row && Number(row.user_id) === userId ? 'alreadyYours' : 'boundElsewhere';
}

/** Takes a pending authorisation once: deleted as it is read, nothing when stale or taken. */
export async function takePendingState(
  db: Kysely<Database>,
  key: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('product_cache')
    .where('key', '=', key)
    .returning(['value', 'expires_at'])
    .executeTakeFirst();
  return row && Number(row.expires_at) > now ? row.value : undefined;
}
