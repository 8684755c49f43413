// Answers of image captchas. Checking one deletes it, right or wrong, so each image allows a
// single guess; DELETE … RETURNING makes that atomic on both engines.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export const IMAGE_CAPTCHA_TTL_MS = 5 * 60_000;

export async function storeImageCaptcha(
  db: Kysely<Database>,
  key: string,
  answer: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('image_captchas')
    .values({ key, answer: answer.toLowerCase(), expires_at: now + IMAGE_CAPTCHA_TTL_MS })
    .execute();
}

/** True when `answer` (any case) is the live answer of `key`; the captcha is used up either way. */
export async function checkImageCaptcha(
  db: Kysely<Database>,
  key: string,
  answer: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .deleteFrom('image_captchas')
    .where('key', '=', key)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
  return !!row && Number(row.expires_at) > now && row.answer === answer.trim().toLowerCase();
}
