// Coupons: templates with value, threshold, validity, stock and a per-user limit; coupons issued
// to one shopper with a one-time redemption code; use in a store (by code) or online (by the
// owner); expiry. Stock and limits move only by conditional statements inside one transaction.
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { inTransaction, type Database } from '../../store/index.ts';
import type { CouponTable, CouponTemplateTable } from '../store/tables.ts';
import {
  countTemplateIssued,
  findTemplateById,
  takeTemplateStock,
  templatesByIds,
} from '../store/coupon-templates.ts';
import {
  countOwnCoupons,
  findCoupon,
  findCouponByCode,
  findOwnCoupon,
  insertCoupon,
  listOwnCoupons,
  markCouponUsed,
  type CouponChannel,
  type CouponStatus,
} from '../store/coupons.ts';
import { findExchangeCode, takeExchangeCode } from '../store/exchange-codes.ts';
import { fail, type CouponSource } from '@morsel/api';
import { tryIncrement } from './counters.ts';

export type CouponTemplate = Selectable<CouponTemplateTable>;
export type Coupon = Selectable<CouponTable>;
export type { CouponChannel, CouponStatus } from '../store/coupons.ts';
export { findTemplate } from '../store/coupon-templates.ts';

const DAY_MS = 86_400_000;
const CODE_DIGITS = 16;

/**
 * 16 random digits: fits a Code 128 barcode and a QR code, and is typed by a cashier when the
 * scanner fails. 10^16 values make a collision negligible; the unique index refuses one anyway.
 */
export function newRedemptionCode(): string {
  let code = String(randomInt(1, 10));
  while (code.length < CODE_DIGITS) code += String(randomInt(0, 10));
  return code;
}

export function couponStatus(
  coupon: Pick<Coupon, 'used_at' | 'expires_at'>,
  now: number,
): CouponStatus {
  if (coupon.used_at !== null) return 'used';
  return now >= Number(coupon.expires_at) ? 'expired' : 'unused';
}

export function templateChannels(template: Pick<CouponTemplate, 'channels'>): CouponChannel[] {
  return JSON.parse(template.channels) as CouponChannel[];
}

const yuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

/** What a coupon looks like on a page (amounts in fen, plus the copy the card prints). */
export function publicTemplate(template: CouponTemplate) {
  const value = Number(template.value);
  const threshold = Number(template.threshold);
  return {
    templateKey: template.template_key,
    name: template.name,
    category: template.category,
    value,
    threshold,
    valueText: `¥${yuan(value)}`,
    thresholdText: threshold > 0 ? `满${yuan(threshold)}元可用` : '无门槛',
    validDays: Number(template.valid_days),
    scope: template.scope,
    channels: templateChannels(template),
    onlinePath: template.online_path,
  };
}

export interface IssueOptions {
  template: CouponTemplate;
  userId: number;
  source: CouponSource;
  now: number;
  /**
   * Claims count against the template's stock and per-user limit. Coupons that are a prize
   * (their prize had its own stock) or an exchange code (the code is the entitlement) do not.
   */
  enforceLimits: boolean;
}

/** Issues one coupon to one shopper; 60052 over the per-user limit, 60051 when sold out. */
export async function issueCoupon(db: Kysely<Database>, options: IssueOptions): Promise<Coupon> {
  const { template, userId, source, now, enforceLimits } = options;
  return inTransaction(db, async (trx) => {
    if (enforceLimits) {
      const underLimit = await tryIncrement(
        trx,
        `coupon:${template.template_key}:${userId}`,
        Number(template.per_user_limit),
      );
      if (!underLimit) throw fail('couponLimitReached');
      if (!(await takeTemplateStock(trx, Number(template.id)))) throw fail('couponSoldOut');
    } else {
      await countTemplateIssued(trx, Number(template.id));
    }
    return insertCoupon(trx, {
      template_id: template.id,
      user_id: userId,
      code: newRedemptionCode(),
      source,
      claimed_at: now,
      expires_at: now + Number(template.valid_days) * DAY_MS,
      used_at: null,
      used_channel: null,
    });
  });
}

export interface OwnedCoupon {
  coupon: Coupon;
  template: CouponTemplate;
}

async function withTemplates(db: Kysely<Database>, coupons: Coupon[]): Promise<OwnedCoupon[]> {
  const ids = [...new Set(coupons.map((c) => Number(c.template_id)))];
  if (ids.length === 0) return [];
  const templates = await templatesByIds(db, ids);
  const byId = new Map(templates.map((t) => [Number(t.id), t]));
  return coupons.map((coupon) => ({ coupon, template: byId.get(Number(coupon.template_id))! }));
}

/** A shopper's coupons, newest first, filtered by status. */
export async function listCoupons(
  db: Kysely<Database>,
  userId: number,
  status: CouponStatus,
  now: number,
): Promise<OwnedCoupon[]> {
  return withTemplates(db, await listOwnCoupons(db, userId, status, now));
}

/** A shopper's coupon counts by status, and how many unused ones expire within `warnDays`. */
export function couponCounts(db: Kysely<Database>, userId: number, now: number, warnDays: number) {
  return countOwnCoupons(db, userId, now, now + warnDays * DAY_MS);
}

/** One coupon of its owner; anyone else's id answers 60050 as if it did not exist. */
export async function requireOwnCoupon(
  db: Kysely<Database>,
  userId: number,
  couponId: number,
): Promise<OwnedCoupon> {
  const coupon = await findOwnCoupon(db, userId, couponId);
  if (!coupon) throw fail('couponNotFound');
  const [owned] = await withTemplates(db, [coupon]);
  return owned!;
}

function refuseUnusable(coupon: Coupon, now: number): never {
  throw fail(couponStatus(coupon, now) === 'used' ? 'couponUsed' : 'couponExpired');
}

/** The owner spends a coupon online on an order of `orderAmount` fen. */
export async function useOnline(
  db: Kysely<Database>,
  userId: number,
  couponId: number,
  orderAmount: number,
  now: number,
) {
  const { coupon, template } = await requireOwnCoupon(db, userId, couponId);
  if (!templateChannels(template).includes('online')) throw fail('couponNotOnline');
  if (couponStatus(coupon, now) !== 'unused') refuseUnusable(coupon, now);
  const threshold = Number(template.threshold);
  if (orderAmount < threshold) {
    throw fail('couponThresholdNotMet', {
      message: `订单金额满${yuan(threshold)}元才能使用该优惠券`,
      data: { threshold },
    });
  }
  if (!(await markCouponUsed(db, couponId, 'online', now))) {
    refuseUnusable((await requireOwnCoupon(db, userId, couponId)).coupon, now);
  }
  const discount = Math.min(Number(template.value), orderAmount);
  return { couponId, discount, payable: orderAmount - discount, usedAt: now };
}

/** A cashier redeems a coupon by the code the shopper shows; once only. */
export async function redeemByCode(db: Kysely<Database>, code: string, now: number) {
  const coupon = await findCouponByCode(db, code);
  if (!coupon) throw fail('couponNotFound');
  const [owned] = await withTemplates(db, [coupon]);
  if (!templateChannels(owned!.template).includes('store'))
    throw fail('couponNotOnline', { message: '该优惠券仅限线上使用' });
  if (!(await markCouponUsed(db, Number(coupon.id), 'store', now))) {
    const again = await findCoupon(db, Number(coupon.id));
    if (!again) throw fail('couponNotFound');
    refuseUnusable(again, now);
  }
  return { couponId: Number(coupon.id), template: publicTemplate(owned!.template), usedAt: now };
}

/** Turns a one-time exchange code into a coupon of its template. */
export async function exchangeCode(
  db: Kysely<Database>,
  userId: number,
  code: string,
  now: number,
): Promise<OwnedCoupon> {
  return inTransaction(db, async (trx) => {
    if (!(await takeExchangeCode(trx, code, userId, now))) {
      const row = await findExchangeCode(trx, code);
      if (!row) throw fail('exchangeCodeInvalid');
      if (row.used_by !== null) throw fail('exchangeCodeUsed');
      throw fail(Number(row.starts_at) > now ? 'exchangeCodeNotStarted' : 'exchangeCodeExpired');
    }
    const row = await findExchangeCode(trx, code);
    const template = row && (await findTemplateById(trx, Number(row.template_id)));
    if (!template) throw new Error(`exchange code ${code} names an unknown coupon template`);
    const coupon = await issueCoupon(trx, {
      template,
      userId,
      source: 'exchange',
      now,
      enforceLimits: false,
    });
    return { coupon, template };
  });
}

// No 0/O, 1/I/L: exchange codes are typed by hand from a card or a package.
const EXCHANGE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newExchangeCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += EXCHANGE_ALPHABET[randomInt(EXCHANGE_ALPHABET.length)];
  return code;
}

/** Exchange codes as a page shows them: upper case, spaces and dashes dropped. */
export function normaliseExchangeCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** The window of "即将过期" when the coupon campaign's settings name none. */
export const DEFAULT_EXPIRY_WARNING_DAYS = 3;

export interface PublicCouponOptions {
  /** An unused coupon expiring within this many days is "expiring soon". */
  warnDays?: number;
}

/** A coupon as its owner sees it in lists (no redemption code). */
export function publicCoupon(
  { coupon, template }: OwnedCoupon,
  now: number,
  { warnDays = DEFAULT_EXPIRY_WARNING_DAYS }: PublicCouponOptions = {},
) {
  const status = couponStatus(coupon, now);
  const expiresAt = Number(coupon.expires_at);
  return {
    id: Number(coupon.id),
    ...publicTemplate(template),
    source: coupon.source,
    claimedAt: Number(coupon.claimed_at),
    expiresAt,
    status,
    usedAt: coupon.used_at === null ? null : Number(coupon.used_at),
    usedChannel: coupon.used_channel,
    expiresSoon: status === 'unused' && expiresAt <= now + warnDays * DAY_MS,
  };
}

/** One coupon with the redemption code the shop scans (its own page only). */
export function couponWithCode(owned: OwnedCoupon, now: number, options: PublicCouponOptions = {}) {
  return { ...publicCoupon(owned, now, options), code: owned.coupon.code };
}
