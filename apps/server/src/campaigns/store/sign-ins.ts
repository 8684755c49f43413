// Sign-ins (campaign_sign_ins): one row per shopper, campaign and Asia/Shanghai day; the unique
// index makes "once a day" hold under concurrency.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface SignIn {
  day: string;
  streak: number;
  streakStart: string;
}

/** A shopper's sign-in on `day`; undefined when they did not sign in that day. */
export async function signInOn(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  day: string,
): Promise<SignIn | undefined> {
  const row = await db
    .selectFrom('campaign_sign_ins')
    .select(['day', 'streak', 'streak_start'])
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row
    ? { day: row.day, streak: Number(row.streak), streakStart: row.streak_start }
    : undefined;
}

/** Records a sign-in; a second one of the same day fails on the unique index. */
export async function insertSignInRow(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  signIn: SignIn,
  now: number,
): Promise<void> {
  await db
    .insertInto('campaign_sign_ins')
    .values({
      campaign_id: campaignId,
      user_id: userId,
      day: signIn.day,
      streak: signIn.streak,
      streak_start: signIn.streakStart,
      created_at: now,
    })
    .execute();
}

/** The days from `from` to `to` (inclusive, YYYY-MM-DD) a shopper signed in on. */
export async function signedDays(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('campaign_sign_ins')
    .select('day')
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.day));
}
