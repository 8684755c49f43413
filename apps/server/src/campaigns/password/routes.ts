// The password prize: a shopper types a password (announced in a live stream, printed on a
// package) and wins its prize. Wrong, not yet valid, expired, used up and already used each
// answer their own code; attempts are limited per shopper and per address.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress, route } from '../../api/index.ts';
import { hitCounter } from '../../product/index.ts';
import { isUniqueViolation } from '../../store/index.ts';
import { currentUser, userId, type CampaignContext } from '../context.ts';
import { isShown, publicAward } from '../kernel/awards.ts';
import { awardPrize, findPrize, listPrizes } from '../kernel/prizes.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  parseSettings,
  publicCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import { awardGiven } from '../store/awards.ts';
import { findPassword, takePasswordUse } from '../store/passwords.ts';
import { normalisePassword, type PasswordSettings } from './settings.ts';

/** The password pages' kind; `?campaign=` picks one password campaign of it (decision 0037). */
export const PASSWORD_KIND = 'password';

export function registerPasswordRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'password.page', async (request) => {
    const now = clock.now();
    const campaign = await resolveCampaign(db, PASSWORD_KIND, request.query.campaign);
    const prizes = await listPrizes(db, campaign.id);
    return ok({
      campaign: publicCampaign(campaign, now),
      prizes: prizes.map((p) => ({ key: p.prize_key, name: p.name, image: p.image, kind: p.kind })),
    });
  });

  route(scope, 'password.redeem', async (request) => {
    const now = clock.now();
    const campaign = await resolveCampaign(db, PASSWORD_KIND, request.query.campaign);
    const id = campaign.id;
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const settings = parseSettings<PasswordSettings>(campaign);
    const uid = userId(user);

    const windowMs = settings.attemptWindowMinutes * 60_000;
    const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
    const byUser = await hitCounter(db, `campaign:${id}:user:${uid}`, now, resetAt);
    const byAddress = await hitCounter(
      db,
      `campaign:${id}:ip:${clientAddress(request)}`,
      now,
      resetAt,
    );
    if (byUser.count > settings.attemptsPerUser || byAddress.count > settings.attemptsPerAddress) {
      const retryAfter = Math.ceil((Math.max(byUser.resetAt, byAddress.resetAt) - now) / 1000);
      throw fail('passwordTooManyAttempts', {
        message: `尝试次数过多，请${Math.ceil(retryAfter / 60)}分钟后再试`,
        data: { retryAfter },
      });
    }

    const typed = normalisePassword(request.body.password);
    const entry = typed ? await findPassword(db, id, typed) : undefined;
    if (!entry) throw fail('passwordWrong');
    if (now < Number(entry.starts_at))
      throw fail('passwordNotStarted', { data: { startsAt: Number(entry.starts_at) } });
    if (now >= Number(entry.ends_at)) throw fail('passwordExpired');

    const businessKey = `password:${entry.id}:${uid}`;
    if (await awardGiven(db, businessKey)) throw fail('passwordAlreadyUsed');
    const prize = await findPrize(db, id, entry.prize_key);
    if (!prize) throw new Error(`password ${entry.id} names unknown prize ${entry.prize_key}`);

    try {
      const won = await inTransaction(db, async (trx) => {
        if (!(await takePasswordUse(trx, Number(entry.id)))) throw fail('passwordUsedUp');
        const result = await awardPrize(trx, {
          campaignId: id,
          userId: uid,
          prize,
          source: 'password',
          businessKey,
          now,
        });
        if (!result) throw fail('passwordUsedUp');
        // The admin API refuses a thanks prize for a password; one made so later rolls back here.
        if (!isShown(result.award))
          throw new Error(`password ${entry.id} names the thanks prize ${entry.prize_key}`);
        return { award: result.award };
      });
      return ok({ award: publicAward(won.award) });
    } catch (error) {
      // Two concurrent tries of one shopper: the award's unique business key lets only one win.
      if (isUniqueViolation(error)) throw fail('passwordAlreadyUsed');
      throw error;
    }
  });
}
