// The free-meal shake (/activity/free/index): the page detects a shake (or a tap) and asks; the
// server spends one of today's shakes and draws by weight (kernel prizes). A winning shake is a
// free-meal coupon, issued into the shopper's coupons in the same transaction and used from the
// coupon pages; a losing one is the fallback 谢谢参与.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { Database } from '../../store/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { isShown, publicAward } from '../kernel/awards.ts';
import { counterKey, readCounter, tryIncrement } from '../kernel/counters.ts';
import { awardPrize, listPrizes, pickWeighted, type Prize } from '../kernel/prizes.ts';
import { chinaDay } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  parseSettings,
  publicCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import type { FreeSettings } from './settings.ts';

/** The free-meal pages' kind; `?campaign=` picks one shake campaign of it (decision 0037). */
export const FREE_KIND = 'free';

/** Today's shakes of a shopper, counted per campaign. */
export const usedKey = (campaignId: string, uid: number, day: string) =>
  counterKey.daily(campaignId, 'shake', uid, day);

const publicPrize = (p: Prize) => ({
  key: p.prize_key,
  name: p.name,
  image: p.image,
  kind: p.kind as 'thanks' | 'points' | 'coupon' | 'goods',
});

async function chances(
  db: Kysely<Database>,
  id: string,
  settings: FreeSettings,
  uid: number,
  day: string,
) {
  const usedToday = await readCounter(db, usedKey(id, uid, day));
  return { left: Math.max(0, settings.dailyChances - usedToday), usedToday };
}

export function registerFreeRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, FREE_KIND, requested);
    return { campaign, id: campaign.id, settings: parseSettings<FreeSettings>(campaign) };
  };

  route(scope, 'free.board', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await optionalUser(ctx, request);
    const prizes = await listPrizes(db, id);
    return ok({
      campaign: publicCampaign(campaign, now),
      // What can be won: the drawable prizes, not the 谢谢参与 fallback.
      prizes: prizes.filter((p) => Number(p.weight) > 0 && p.kind !== 'thanks').map(publicPrize),
      dailyChances: settings.dailyChances,
      shakeThreshold: settings.shakeThreshold,
      loggedIn: user !== undefined,
      chances: user ? await chances(db, id, settings, userId(user), chinaDay(now)) : null,
    });
  });

  route(scope, 'free.shake', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const day = chinaDay(now);
    const won = await inTransaction(db, async (trx) => {
      const prizes = await listPrizes(trx, id);
      const fallback = prizes.find((p) => p.prize_key === settings.fallbackPrize);
      // Nothing configured to win or lose yet: no shake, and no chance spent.
      if (!fallback) throw fail('raffleBoardEmpty');
      if (!(await tryIncrement(trx, usedKey(id, uid, day), settings.dailyChances)))
        throw fail('shakeNoChances');
      const drawn = pickWeighted(prizes) ?? fallback;
      const result = await awardPrize(trx, {
        campaignId: id,
        userId: uid,
        prize: drawn,
        fallback,
        source: 'shake',
        now,
      });
      if (!result) throw new Error(`free fallback prize ${fallback.prize_key} is out of stock`);
      return result;
    });
    return ok({
      prize: publicPrize(won.prize),
      award: isShown(won.award) ? publicAward(won.award) : null,
      chances: await chances(db, id, settings, uid, day),
    });
  });
}
