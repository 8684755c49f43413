// One-time exchange codes (coupon_exchange_codes; config-store.ts writes them): taken by one
// conditional update, so two shoppers typing the same code cannot both get its coupon.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CouponExchangeCodeTable } from './tables.ts';

/** Takes an unused, unexpired code for `userId`; false (and no change) otherwise. */
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
