// The open-bag prize (/activity/openBagPrize/*, login): a code printed inside a snack bag is
// typed or scanned and opened once for a prize the server draws (kernel prizes); goods take the
// winner's address (the shared award address routes) and then an order confirmation. Operators
// import the codes in batches (admin.importBagCodes).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { currentUser, userId, type CampaignContext } from '../context.ts';
import { isShown, publicAward, requireOwnAward, type ShownAward } from '../kernel/awards.ts';
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
import {
  bagCodeOfAward,
  confirmBagOrder,
  countOpenedBy,
  findBagCode,
  importBagCodes,
  setBagAward,
  takeBagCode,
  type BagCode,
} from '../store/bag-codes.ts';
import { normaliseBagCode, type BagSettings } from './settings.ts';
import { requireAdminCampaignOfKind } from '../admin/campaign-lookup.ts';

/** The open-bag pages' kind; `?campaign=` picks one bag campaign of it (decision 0037). */
export const BAG_KIND = 'bag';

/** Today's attempts of a shopper, counted per campaign. */
export const attemptsKey = (campaignId: string, uid: number, day: string) =>
  counterKey.daily(campaignId, 'bag-attempt', uid, day);

const publicPrize = (p: Prize) => ({
  key: p.prize_key,
  name: p.name,
  image: p.image,
  kind: p.kind,
});

function orderView(award: ShownAward, code: BagCode) {
  const state =
    award.kind !== 'goods'
      ? 'issued'
      : code.confirmed_at !== null
        ? 'confirmed'
        : award.address === null
          ? 'needs_address'
          : 'ready';
  return {
    award: publicAward(award),
    code: code.code,
    openedAt: Number(code.opened_at),
    address: award.address === null ? null : JSON.parse(award.address),
    confirmedAt: code.confirmed_at === null ? null : Number(code.confirmed_at),
    state: state as 'issued' | 'needs_address' | 'ready' | 'confirmed',
  };
}

export function registerBagRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, BAG_KIND, requested);
    return { campaign, id: campaign.id, settings: parseSettings<BagSettings>(campaign) };
  };
  const attemptsLeft = async (id: string, s: BagSettings, uid: number, day: string) =>
    Math.max(0, s.attemptsPerDay - (await readCounter(db, attemptsKey(id, uid, day))));

  route(scope, 'bag.page', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    const uid = userId(user);
    const prizes = await listPrizes(db, id);
    return ok({
      campaign: publicCampaign(campaign, now),
      prizes: prizes.filter((p) => Number(p.weight) > 0 && p.kind !== 'thanks').map(publicPrize),
      attemptsPerDay: settings.attemptsPerDay,
      attemptsLeftToday: await attemptsLeft(id, settings, uid, chinaDay(now)),
      opened: await countOpenedBy(db, id, uid),
    });
  });

  route(scope, 'bag.open', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    // Every attempt counts, before the code is even looked at: guessing is slow.
    if (!(await tryIncrement(db, attemptsKey(id, uid, chinaDay(now)), settings.attemptsPerDay)))
      throw fail('bagTooManyAttempts');
    const code = normaliseBagCode(request.body.code);
    const won = await inTransaction(db, async (trx) => {
      if (!(await takeBagCode(trx, id, code, uid, now))) {
        throw fail((await findBagCode(trx, id, code)) ? 'bagCodeOpened' : 'bagCodeInvalid');
      }
      const prizes = await listPrizes(trx, id);
      const fallback = prizes.find((p) => p.prize_key === settings.fallbackPrize);
      if (!fallback) throw new Error(`bag fallback prize ${settings.fallbackPrize} is missing`);
      const result = await awardPrize(trx, {
        campaignId: id,
        userId: uid,
        prize: pickWeighted(prizes) ?? fallback,
        fallback,
        source: 'bag',
        // One award per code, whatever happens to the request.
        businessKey: `bag:${id}:${code}`,
        now,
      });
      if (!result) throw new Error(`bag fallback prize ${fallback.prize_key} is out of stock`);
      await setBagAward(trx, id, code, Number(result.award.id));
      return result;
    });
    return ok({
      code,
      prize: publicPrize(won.prize),
      award: isShown(won.award) ? publicAward(won.award) : null,
    });
  });

  const ownOrder = async (campaignId: string, uid: number, id: number) => {
    const award = await requireOwnAward(db, campaignId, uid, id);
    const code = await bagCodeOfAward(db, campaignId, uid, id);
    if (!code) throw fail('awardNotFound');
    return { award, code };
  };

  route(scope, 'bag.order', async (request) => {
    const { id } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    const { award, code } = await ownOrder(id, userId(user), Number(request.params.id));
    return ok(orderView(award, code));
  });

  route(scope, 'bag.confirmOrder', async (request) => {
    const now = clock.now();
    const { id: campaignId } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    const id = Number(request.params.id);
    const { award } = await ownOrder(campaignId, userId(user), id);
    if (award.kind !== 'goods') throw fail('addressNotNeeded');
    if (award.address === null) throw fail('addressNotSet');
    if (!(await confirmBagOrder(db, campaignId, id, now))) throw fail('bagOrderConfirmed');
    const fresh = await ownOrder(campaignId, userId(user), id);
    return ok(orderView(fresh.award, fresh.code));
  });
}

/** The admin API's import (registered in the admin scope, behind its key). */
export function registerBagAdminRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  route(scope, 'admin.importBagCodes', async (request) => {
    const campaign = await requireAdminCampaignOfKind(
      db,
      request.params.id,
      'bag',
      '开袋有奖（bag）活动可以导入兑奖码',
    );
    const { batch, codes } = request.body;
    const imported = await inTransaction(db, (trx) =>
      importBagCodes(trx, campaign.id, batch, codes, clock.now()),
    );
    return ok({ batch, imported, duplicates: codes.length - imported });
  });
}
