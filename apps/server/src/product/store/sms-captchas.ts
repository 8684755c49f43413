// SMS verification codes: 6 digits, valid 5 minutes, single use, locked after 5 wrong tries.
// Only the latest code sent to a number counts; sending a new one retires the older ones. Every
// decision is one conditional UPDATE, so two processes cannot both accept one code.
// Codes are stored salted and hashed, so a copy of the store (a backup, a read replica, a support
// query) holds no code anyone could type. Six digits are few, so the hash alone would not stop a
// determined search; the 5-minute life and the 5-try lock are what bound a guess.
// Each code carries the purpose it was sent for (captchasType) and only serves the routes that
// accept that purpose.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/** The platform's captchasType values; a send without one is a quick login (the web app's). */
export const SMS_PURPOSE = { register: 1, login: 2, quickLogin: 3 } as const;

export type SmsCheck =
  | { outcome: 'ok' }
  | { outcome: 'missing' | 'used' | 'expired' | 'locked' | 'otherPurpose' }
  | { outcome: 'wrong'; attemptsLeft: number };

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function digest(salt: string, mobile: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${mobile}:${code}`, 'utf8').digest();
}

/** `salt$hex`: what the store keeps instead of the code. */
export function hashSmsCode(mobile: string, code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, mobile, code).toString('hex')}`;
}

export function smsCodeMatches(stored: string, mobile: string, code: string): boolean {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex || hex.length !== 64) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), digest(salt, mobile, code));
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
      code: hashSmsCode(entry.mobile, entry.code),
      client_address: entry.clientAddress,
      created_at: entry.now,
      expires_at: entry.now + SMS_CODE_TTL_MS,
      consumed_at: null,
    })
    .execute();
}

/**
 * Checks `code` against the latest code sent to `mobile` and consumes it when it matches. A code
 * sent for a purpose outside `purposes` is refused before the comparison and stays usable.
 */
export async function checkSmsCaptcha(
  db: Kysely<Database>,
  mobile: string,
  code: string,
  purposes: readonly number[],
  now: number,
): Promise<SmsCheck> {
  const latest = await db
    .selectFrom('sms_captchas')
    .select(['id', 'code', 'purpose', 'attempts', 'consumed_at', 'expires_at'])
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { outcome: 'missing' };
  if (latest.consumed_at !== null) return { outcome: 'used' };
  if (Number(latest.expires_at) <= now) return { outcome: 'expired' };
  if (Number(latest.attempts) >= SMS_CODE_MAX_ATTEMPTS) return { outcome: 'locked' };
  if (!purposes.includes(Number(latest.purpose))) return { outcome: 'otherPurpose' };

  if (smsCodeMatches(latest.code, mobile, code)) {
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
