// Issued coupons (coupons): inserted with their redemption code, listed and read by their
// owner, found by code at a till, and marked used by one conditional update (once only).
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CouponTable } from './tables.ts';

type Coupon = Selectable<CouponTable>;
export type CouponStatus = 'unused' | 'used' | 'expired';
export type CouponChannel = 'store' | 'online';

/** Inserts a coupon; a repeated redemption code fails on the unique index. */
export function insertCoupon(
  db: Kysely<Database>,
  coupon: Insertable<CouponTable>,
): Promise<Coupon> {
  return db.insertInto('coupons').values(coupon).returningAll().executeTakeFirstOrThrow();
}

/** A shopper's coupons in `status` at `now`, newest first, at most 200. */
export function listOwnCoupons(
  db: Kysely<Database>,
  userId: number,
  status: CouponStatus,
  now: number,
): Promise<Coupon[]> {
  let query = db.selectFrom('coupons').selectAll().where('user_id', '=', userId);
  if (status === 'used') query = query.where('used_at', 'is not', null);
  if (status === 'unused') query = query.where('used_at', 'is', null).where('expires_at', '>', now);
  if (status === 'expired')
    query = query.where('used_at', 'is', null).where('expires_at', '<=', now);
  return query.orderBy('id', 'desc').limit(200).execute();
}

export interface CouponCounts {
  unused: number;
  used: number;
  expired: number;
  /** Unused coupons that expire before `soonUntil`. */
  expiringSoon: number;
}

/** How many of a shopper's coupons are in each status at `now`, in one statement. */
export async function countOwnCoupons(
  db: Kysely<Database>,
  userId: number,
  now: number,
  soonUntil: number,
): Promise<CouponCounts> {
  const unusedAt = sql`used_at is null and expires_at > ${now}`;
  const row = await db
    .selectFrom('coupons')
    .select([
      sql<number>`sum(case when ${unusedAt} then 1 else 0 end)`.as('unused'),
      sql<number>`sum(case when used_at is not null then 1 else 0 end)`.as('used'),
      sql<number>`sum(case when used_at is null and expires_at <= ${now} then 1 else 0 end)`.as(
        'expired',
      ),
      sql<number>`sum(case when ${unusedAt} and expires_at <= ${soonUntil} then 1 else 0 end)`.as(
        'expiringSoon',
      ),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // Sums are null over no rows, and PostgreSQL answers bigints as strings.
  return {
    unused: Number(row.unused ?? 0),
    used: Number(row.used ?? 0),
    expired: Number(row.expired ?? 0),
    expiringSoon: Number(row.expiringSoon ?? 0),
  };
}

/** One coupon of its owner; undefined for anyone else's or an unknown id. */
export function findOwnCoupon(
  db: Kysely<Database>,
  userId: number,
  couponId: number,
): Promise<Coupon | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findCouponByCode(db: Kysely<Database>, code: string): Promise<Coupon | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findCoupon(db: Kysely<Database>, couponId: number): Promise<Coupon | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
}

/** Marks an unused, unexpired coupon used; false (and no change) for a used or expired one. */
export async function markCouponUsed(
  db: Kysely<Database>,
  couponId: number,
  channel: CouponChannel,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ used_at: now, used_channel: channel })
    .where('id', '=', couponId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
