// Sign-ins: one row per shopper and Asia/Shanghai day (a unique index makes "once a day" hold
// under concurrency); the streak continues from yesterday's row or starts again at 1.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { addDays } from '../kernel/time.ts';

export interface SignIn {
  day: string;
  streak: number;
  streakStart: string;
}

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

/** Inserts today's sign-in; a second one the same day fails on the unique index. */
export async function insertSignIn(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  today: string,
  now: number,
): Promise<SignIn> {
  const yesterday = await signInOn(db, campaignId, userId, addDays(today, -1));
  const signIn: SignIn = yesterday
    ? { day: today, streak: yesterday.streak + 1, streakStart: yesterday.streakStart }
    : { day: today, streak: 1, streakStart: today };
  await db
    .insertInto('campaign_sign_ins')
    .values({
      campaign_id: campaignId,
      user_id: userId,
      day: today,
      streak: signIn.streak,
      streak_start: signIn.streakStart,
      created_at: now,
    })
    .execute();
  return signIn;
}

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

/** The streak still alive today: today's if signed, else yesterday's (it can still continue), else none. */
export async function currentStreak(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  today: string,
): Promise<SignIn | undefined> {
  return (
    (await signInOn(db, campaignId, userId, today)) ??
    (await signInOn(db, campaignId, userId, addDays(today, -1)))
  );
}
