// One-time exchange codes (coupon_exchange_codes; config-store.ts writes them): taken by one
// conditional update, so two shoppers typing the same code cannot both get its coupon.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CouponExchangeCodeTable } from './tables.ts';

/** Takes an unused code inside its window for `userId`; false (and no change) otherwise. */
export async function takeExchangeCode(
  db: Kysely<Database>,
  code: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('coupon_exchange_codes')
    .set({ used_by: userId, used_at: now })
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .where('starts_at', '<=', now)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export function findExchangeCode(
  db: Kysely<Database>,
  code: string,
): Promise<Selectable<CouponExchangeCodeTable> | undefined> {
  return db
    .selectFrom('coupon_exchange_codes')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
}

export interface NewExchangeCode {
  code: string;
  templateId: number;
  startsAt: number;
  expiresAt: number;
}

/** Adds a code; false (and no change) when the code exists already, of any template. */
export async function insertExchangeCode(
  db: Kysely<Database>,
  code: NewExchangeCode,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('coupon_exchange_codes')
    .values({
      code: code.code,
      template_id: code.templateId,
      starts_at: code.startsAt,
      expires_at: code.expiresAt,
      used_by: null,
      used_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Which of `codes` exist already. */
export async function takenExchangeCodes(db: Kysely<Database>, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('coupon_exchange_codes')
    .select('code')
    .where('code', 'in', codes)
    .execute();
  return rows.map((r) => r.code);
}

export interface ExchangeCodeQuery {
  status?: 'used' | 'unused';
  /** Only codes after this one (the next page, in code order). */
  after?: string;
  limit: number;
}

/** A template's codes in code order, used or unused. */
export function listExchangeCodes(
  db: Kysely<Database>,
  templateId: number,
  query: ExchangeCodeQuery,
): Promise<Selectable<CouponExchangeCodeTable>[]> {
  return db
    .selectFrom('coupon_exchange_codes')
    .selectAll()
    .where('template_id', '=', templateId)
    .$if(query.status !== undefined, (q) =>
      q.where('used_by', query.status === 'used' ? 'is not' : 'is', null),
    )
    .$if(query.after !== undefined, (q) => q.where('code', '>', query.after!))
    .orderBy('code')
    .limit(query.limit)
    .execute();
}
