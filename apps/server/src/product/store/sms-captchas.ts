// SMS verification codes: 6 digits, valid 5 minutes, single use, locked after 5 wrong tries.
// Only the latest code sent to a number counts; sending a new one retires the older ones. Every
// decision is one conditional UPDATE, so two processes cannot both accept one code.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

export type SmsCheck =
  | { outcome: 'ok' }
  | { outcome: 'missing' | 'used' | 'expired' | 'locked' }
  | { outcome: 'wrong'; attemptsLeft: number };

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function storeSmsCaptcha(
  db: Kysely<Database>,
  entry: { mobile: string; purpose: number; code: string; clientAddress: string; now: number },
): Promise<void> {
  await db
    .insertInto('sms_captchas')
    .values({
      mobile: entry.mobile,
      purpose: entry.purpose,
      code: entry.code,
      client_address: entry.clientAddress,
      created_at: entry.now,
      expires_at: entry.now + SMS_CODE_TTL_MS,
      consumed_at: null,
    })
    .execute();
}

/** Checks `code` against the latest code sent to `mobile` and consumes it when it matches. */
export async function checkSmsCaptcha(db: Kysely<Database>, mobile: string, code: string, now: number): Promise<SmsCheck> {
  const latest = await db
    .selectFrom('sms_captchas')
    .select(['id', 'code', 'attempts', 'consumed_at', 'expires_at'])
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { outcome: 'missing' };
  if (latest.consumed_at !== null) return { outcome: 'used' };
  if (Number(latest.expires_at) <= now) return { outcome: 'expired' };
  if (Number(latest.attempts) >= SMS_CODE_MAX_ATTEMPTS) return { outcome: 'locked' };

  if (latest.code === code) {
    const consumed = await db
      .updateTable('sms_captchas')
      .set({ consumed_at: now })
      .where('id', '=', latest.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
      .executeTakeFirst();
    // Someone else consumed or locked it between our read and this write.
    return Number(consumed.numUpdatedRows) === 1 ? { outcome: 'ok' } : { outcome: 'used' };
  }

  const counted = await db
    .updateTable('sms_captchas')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return { outcome: 'locked' };
  const attemptsLeft = SMS_CODE_MAX_ATTEMPTS - Number(counted.attempts);
  return attemptsLeft > 0 ? { outcome: 'wrong', attemptsLeft } : { outcome: 'locked' };
}
