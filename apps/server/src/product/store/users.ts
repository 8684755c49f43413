// Shoppers: one row per mobile number, with a nickname and a stable share code.
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import type { ProductUserTable } from './tables.ts';

export type ProductUser = Selectable<ProductUserTable>;

// No 0/O, 1/I/L: share codes get read aloud and typed by hand.
const SHARE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SHARE_CODE_LENGTH = 8;

function newShareCode(): string {
  let code = '';
  for (let i = 0; i < SHARE_CODE_LENGTH; i++)
    code += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
  return code;
}

export async function findUserByMobile(
  db: Kysely<Database>,
  mobile: string,
): Promise<ProductUser | undefined> {
  return db.selectFrom('product_users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export async function findUserById(
  db: Kysely<Database>,
  id: number,
): Promise<ProductUser | undefined> {
  return db.selectFrom('product_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the user of `mobile`; undefined when the number is already registered. */
export async function createUser(
  db: Kysely<Database>,
  mobile: string,
  now: number,
): Promise<ProductUser | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await db
        .insertInto('product_users')
        .values({
          mobile,
          nickname: `用户${mobile.slice(-4)}`,
          share_code: newShareCode(),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the number is taken (stop) or the share code collided (draw another).
      if (await findUserByMobile(db, mobile)) return undefined;
    }
  }
  throw new Error('could not draw a free share code');
}

/** 138****8000: what responses show of a number. */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

export function publicUser(user: ProductUser): { id: number; mobile: string; nickname: string } {
  return { id: Number(user.id), mobile: maskMobile(user.mobile), nickname: user.nickname };
}
