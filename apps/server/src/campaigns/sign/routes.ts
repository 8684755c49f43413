// Daily sign-in: the month calendar (works logged out), sign today once per Asia/Shanghai day,
// the streak and its milestone rewards (once per streak).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { changePoints, pointsBalance } from '../kernel/points.ts';
import { awardPrize, listPrizes } from '../kernel/prizes.ts';
import { isShown, publicAward } from '../kernel/awards.ts';
import { chinaDay, chinaMonth, daysOfMonth } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  parseSettings,
  publicCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import type { SignSettings } from './settings.ts';
import { currentStreak, insertSignIn, signedDays } from './sign-ins.ts';

/** The sign-in pages' kind; `?campaign=` picks one sign-in campaign of it (decision 0037). */
export const SIGN_KIND = 'sign';

export function registerSignRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'sign.calendar', async (request) => {
    const now = clock.now();
    const campaign = await resolveCampaign(db, SIGN_KIND, request.query.campaign);
    const id = campaign.id;
    const settings = parseSettings<SignSettings>(campaign);
    const user = await optionalUser(ctx, request);
    const today = chinaDay(now);
    const month = request.query.month ?? chinaMonth(now);
    const days = daysOfMonth(month);
    const signed = user
      ? await signedDays(db, id, userId(user), days[0]!, days.at(-1)!)
      : new Set<string>();
    const streak = user ? await currentStreak(db, id, userId(user), today) : undefined;
    const prizes = new Map((await listPrizes(db, id)).map((p) => [p.prize_key, p]));
    const streakDays = streak?.streak ?? 0;
    return ok({
      campaign: publicCampaign(campaign, now),
      loggedIn: user !== undefined,
      today,
      month,
      days: days.map((date) => ({ date, signed: signed.has(date), isToday: date === today })),
      signedToday: streak?.day === today,
      streak: streakDays,
      dailyPoints: settings.dailyPoints,
      points: user ? await pointsBalance(db, userId(user)) : null,
      streakRewards: settings.streakRewards.map((reward) => {
        const prize = prizes.get(reward.prize);
        return {
          days: reward.days,
          prize: prize
            ? { key: prize.prize_key, name: prize.name, image: prize.image, kind: prize.kind }
            : null,
          reached: streakDays >= reward.days,
        };
      }),
    });
  });

  route(scope, 'sign.today', async (request) => {
    const now = clock.now();
    const campaign = await resolveCampaign(db, SIGN_KIND, request.query.campaign);
    const id = campaign.id;
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const settings = parseSettings<SignSettings>(campaign);
    const uid = userId(user);
    const today = chinaDay(now);
    try {
      const result = await inTransaction(db, async (trx) => {
        const signIn = await insertSignIn(trx, id, uid, today, now);
        if (settings.dailyPoints > 0) {
          await changePoints(trx, {
            userId: uid,
            delta: settings.dailyPoints,
            reason: `${campaign.title}：${today}签到`,
            businessKey: `sign:${id}:${uid}:${today}`,
            now,
          });
        }
        const milestone = settings.streakRewards.find((r) => r.days === signIn.streak);
        let reward = null;
        if (milestone) {
          const prizes = await listPrizes(trx, id);
          const prize = prizes.find((p) => p.prize_key === milestone.prize);
          const fallback = prizes.find((p) => p.prize_key === settings.fallbackPrize);
          if (prize) {
            const won = await awardPrize(trx, {
              campaignId: id,
              userId: uid,
              prize,
              ...(fallback ? { fallback } : {}),
              source: 'streak',
              businessKey: `streak:${id}:${uid}:${signIn.streakStart}:${milestone.days}`,
              now,
            });
            reward = won && isShown(won.award) ? publicAward(won.award) : null;
          }
        }
        return { signIn, reward };
      });
      return ok({
        date: today,
        streak: result.signIn.streak,
        points: settings.dailyPoints,
        balance: await pointsBalance(db, uid),
        reward: result.reward,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('alreadySigned');
      throw error;
    }
  });
}
