// Sign-ins: one row per shopper and Asia/Shanghai day (a unique index makes "once a day" hold
// under concurrency); the streak continues from yesterday's row or starts again at 1.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { addDays } from '../kernel/time.ts';
import { insertSignInRow, signInOn, type SignIn } from '../store/sign-ins.ts';

export { signedDays, signInOn, type SignIn } from '../store/sign-ins.ts';

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
  await insertSignInRow(db, campaignId, userId, signIn, now);
  return signIn;
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
