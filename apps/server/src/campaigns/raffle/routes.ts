// The raffle: the wheel or nine-grid as data, the draw (the server decides and answers the slot
// the page animates to), chances left today, earning chances by sharing and assists, and the
// recent winners with masked numbers.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { maskMobile } from '../../product/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { findSharer, recordAssist } from '../kernel/assists.ts';
import { isShown, publicAward } from '../kernel/awards.ts';
import { awardPrize, listPrizes, pickWeighted, type Prize } from '../kernel/prizes.ts';
import { chinaDay } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  parseSettings,
  publicCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import { hasAssisted } from '../store/assists.ts';
import { recentWinners } from '../store/awards.ts';
import { earnChance, readChances, spendChance } from './chances.ts';
import type { RaffleSettings } from './settings.ts';

/** The raffle pages' kind; `?campaign=` picks one raffle of it (decision 0037). */
export const RAFFLE_KIND = 'raffle';

const ASSIST_PURPOSE = 'chance';

/** On the wheel or nine-grid (slot -1: not shown there). */
const onBoard = (p: Prize) => Number(p.slot) >= 0;
const publicPrize = (p: Prize) => ({
  key: p.prize_key,
  name: p.name,
  image: p.image,
  kind: p.kind,
  slot: Number(p.slot),
});

export function registerRaffleRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, RAFFLE_KIND, requested);
    return { campaign, id: campaign.id, settings: parseSettings<RaffleSettings>(campaign) };
  };

  /**
   * A friend's share link as its visitor sees it: whose it is (null sharer: no such code), whether
   * it is the visitor's own, and whether the visitor already helped, so the page never offers an
   * assist the server will refuse.
   */
  const assistView = async (
    campaignId: string,
    shareCode: string,
    visitorId: number | undefined,
  ) => {
    const sharer = await findSharer(db, shareCode);
    if (!sharer) return { sharer: null, isSelf: false, assisted: false };
    const isSelf = sharer.id === visitorId;
    const assisted =
      visitorId !== undefined &&
      !isSelf &&
      (await hasAssisted(db, {
        campaignId,
        purpose: ASSIST_PURPOSE,
        sharerId: sharer.id,
        helperId: visitorId,
      }));
    return { sharer: { nickname: sharer.nickname }, isSelf, assisted };
  };

  route(scope, 'raffle.board', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await optionalUser(ctx, request);
    const prizes = await listPrizes(db, id);
    const { shareCode } = request.query;
    return ok({
      campaign: publicCampaign(campaign, now),
      layout: settings.layout,
      // The numbers the page's copy states, logged out too.
      dailyChances: settings.dailyChances,
      bonusChancesPerDay: settings.bonusChancesPerDay,
      prizes: prizes.filter(onBoard).map(publicPrize),
      loggedIn: user !== undefined,
      chances: user ? await readChances(db, id, settings, userId(user), chinaDay(now)) : null,
      shareCode: user?.share_code ?? null,
      assist:
        shareCode === undefined
          ? null
          : await assistView(id, shareCode, user ? userId(user) : undefined),
    });
  });

  route(scope, 'raffle.chances', async (request) => {
    const { id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    return ok(await readChances(db, id, settings, userId(user), chinaDay(clock.now())));
  });

  route(scope, 'raffle.draw', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const day = chinaDay(now);
    const won = await inTransaction(db, async (trx) => {
      const prizes = await listPrizes(trx, id);
      // A board an operator has not filled yet (no prize on a slot) has nothing to land on: no
      // draw, and no chance spent.
      if (!prizes.some(onBoard)) throw fail('raffleBoardEmpty');
      await spendChance(trx, id, settings, uid, day);
      const fallback = prizes.find((p) => p.prize_key === settings.fallbackPrize);
      if (!fallback) throw new Error(`raffle fallback prize ${settings.fallbackPrize} is missing`);
      const drawn = pickWeighted(prizes) ?? fallback;
      const result = await awardPrize(trx, {
        campaignId: id,
        userId: uid,
        prize: drawn,
        fallback,
        source: 'draw',
        now,
      });
      if (!result) throw new Error(`raffle fallback prize ${fallback.prize_key} is out of stock`);
      return result;
    });
    return ok({
      slot: Number(won.prize.slot),
      prize: publicPrize(won.prize),
      award: isShown(won.award) ? publicAward(won.award) : null,
      chances: await readChances(db, id, settings, uid, day),
    });
  });

  // The page calls this after the shell's share succeeded: one more draw, within today's cap.
  route(scope, 'raffle.share', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    if (!(await earnChance(db, id, settings, userId(user), chinaDay(now))))
      throw fail('shareBonusCapped');
    return ok(await readChances(db, id, settings, userId(user), chinaDay(now)));
  });

  // A friend opened the sharer's link and helps: once per friend; the sharer earns a draw today
  // (within the cap — the assist still counts when the sharer's bonus is full).
  route(scope, 'raffle.assist', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const { shareCode } = request.body;
    const rewarded = await inTransaction(db, async (trx) => {
      const sharer = await recordAssist(trx, {
        campaignId: id,
        purpose: ASSIST_PURPOSE,
        shareCode,
        helperId: userId(user),
        now,
      });
      return {
        sharer,
        earned: await earnChance(trx, id, settings, sharer.id, chinaDay(now)),
      };
    });
    return ok({
      sharer: { nickname: rewarded.sharer.nickname },
      sharerEarnedChance: rewarded.earned,
    });
  });

  route(scope, 'raffle.winners', async (request) => {
    const { id, settings } = await load(request.query.campaign);
    if (settings.winnersShown === 0) return ok([]);
    const winners = await recentWinners(db, id, settings.winnersShown);
    return ok(winners.map((w) => ({ ...w, mobile: maskMobile(w.mobile) })));
  });
}
