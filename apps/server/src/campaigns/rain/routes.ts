// The red-packet rain (/activity/redPacketRain/*): the server plans each round (when and where
// every packet falls), signs its token and spends a round when it starts; the page only animates
// the plan and reports the packets it caught. Settling checks the token, the caps on taps and that
// each catch is a packet that was falling then, marks the round settled once and decides what it
// is worth: enough catches draw a prize by weight (kernel prizes), fewer earn 谢谢参与. Friends'
// assists (once per friend a day) add rounds within a daily cap.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { findSharer, recordAssist } from '../kernel/assists.ts';
import { isShown, publicAward } from '../kernel/awards.ts';
import { awardPrize, listPrizes, pickWeighted, type Prize } from '../kernel/prizes.ts';
import { chinaDay } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import { requireWechatIdentity } from '../kernel/wechat-identity.ts';
import {
  parseSettings,
  publicCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import { hasAssisted, listAssistsOf } from '../store/assists.ts';
import { findRound, insertRound, setRoundAward, settleRound } from '../store/rain-rounds.ts';
import { findIdentityOfUser } from '../../product/index.ts';
import { earnRound, RAIN_KIND, readChances, spendRound } from './chances.ts';
import {
  checkCatches,
  drawPlan,
  newTokenKey,
  readToken,
  signToken,
  verifyToken,
  type Plan,
} from './round.ts';
import type { RainSettings } from './settings.ts';

export { RAIN_KIND } from './chances.ts';

/** A report may come this early (clock and frame jitter) before the round's end. */
const EARLY_SETTLE_MS = 1000;
/** A round not reported within this after its end is void (the page was closed). */
const SETTLE_WITHIN_MS = 60_000;
/** Friends a "my assists" page lists. */
const HELPERS_LISTED = 100;

const assistPurpose = (day: string) => `assist:${day}`;

const publicPrize = (p: Prize) => ({
  key: p.prize_key,
  name: p.name,
  image: p.image,
  kind: p.kind as 'thanks' | 'points' | 'coupon' | 'goods',
});

export function registerRainRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, RAIN_KIND, requested);
    return { campaign, id: campaign.id, settings: parseSettings<RainSettings>(campaign) };
  };

  const wechatBound = async (settings: RainSettings, uid: number) => {
    if (!settings.requireWechat) return null;
    const provider = ctx.product.wechatOauth;
    if (!provider) return false;
    return (await findIdentityOfUser(db, provider.appId, uid)) !== undefined;
  };

  /** A friend's link as its visitor sees it, so the page never offers an assist that is refused. */
  const assistView = async (
    id: string,
    shareCode: string,
    visitorId: number | undefined,
    day: string,
  ) => {
    const sharer = await findSharer(db, shareCode);
    if (!sharer) return { sharer: null, isSelf: false, assistedToday: false };
    const isSelf = sharer.id === visitorId;
    const assistedToday =
      visitorId !== undefined &&
      !isSelf &&
      (await hasAssisted(db, {
        campaignId: id,
        purpose: assistPurpose(day),
        sharerId: sharer.id,
        helperId: visitorId,
      }));
    return { sharer: { nickname: sharer.nickname }, isSelf, assistedToday };
  };

  route(scope, 'rain.board', async (request) => {
    const now = clock.now();
    const day = chinaDay(now);
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await optionalUser(ctx, request);
    const uid = user ? userId(user) : undefined;
    const prizes = await listPrizes(db, id);
    const { shareCode } = request.query;
    return ok({
      campaign: publicCampaign(campaign, now),
      prizes: prizes.filter((p) => Number(p.weight) > 0 && p.kind !== 'thanks').map(publicPrize),
      roundSeconds: settings.roundSeconds,
      minCatches: settings.minCatches,
      dailyChances: settings.dailyChances,
      bonusChancesPerDay: settings.bonusChancesPerDay,
      requireWechat: settings.requireWechat,
      loggedIn: user !== undefined,
      wechatBound: uid === undefined ? null : await wechatBound(settings, uid),
      chances: uid === undefined ? null : await readChances(db, id, settings, uid, day),
      shareCode: user?.share_code ?? null,
      assist: shareCode === undefined ? null : await assistView(id, shareCode, uid, day),
    });
  });

  route(scope, 'rain.start', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const day = chinaDay(now);
    if (settings.requireWechat)
      await requireWechatIdentity(
        ctx,
        uid,
        // Back to the same rain (decision 0037).
        request.query.campaign === undefined
          ? '/activity/redPacketRain/index'
          : `/activity/redPacketRain/index?campaign=${request.query.campaign}`,
      );
    const plan = drawPlan(settings);
    const round = await inTransaction(db, async (trx) => {
      const prizes = await listPrizes(trx, id);
      // Nothing configured to win or lose yet: no round, and no chance spent.
      if (!prizes.some((p) => p.prize_key === settings.fallbackPrize))
        throw fail('raffleBoardEmpty');
      await spendRound(trx, id, settings, uid, day);
      return insertRound(trx, {
        campaign_id: id,
        user_id: uid,
        day,
        started_at: now,
        round_ms: settings.roundSeconds * 1000,
        token_key: newTokenKey(),
        plan: JSON.stringify(plan),
        settled_at: null,
        outcome: null,
        catches: null,
        award_id: null,
      });
    });
    return ok({
      token: signToken(round.token_key, { id: Number(round.id), userId: uid, startedAt: now }),
      startedAt: now,
      roundMs: Number(round.round_ms),
      fallMs: plan.fallMs,
      packets: plan.packets,
      maxTapsPerSecond: settings.maxTapsPerSecond,
      maxTapsPerRound: settings.maxTapsPerRound,
      chances: await readChances(db, id, settings, uid, day),
    });
  });

  route(scope, 'rain.settle', async (request) => {
    const now = clock.now();
    const { id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    const uid = userId(user);
    const claims = readToken(request.body.token);
    if (!claims || claims.userId !== uid) throw fail('rainRoundInvalid');
    const round = await findRound(db, id, claims.id);
    if (
      !round ||
      Number(round.user_id) !== uid ||
      Number(round.started_at) !== claims.startedAt ||
      !verifyToken(round.token_key, claims)
    )
      throw fail('rainRoundInvalid');
    if (round.settled_at !== null) throw fail('rainRoundSettled');
    const endsAt = Number(round.started_at) + Number(round.round_ms);
    if (now < endsAt - EARLY_SETTLE_MS) throw fail('rainRoundNotOver');
    if (now > endsAt + SETTLE_WITHIN_MS) throw fail('rainRoundExpired');

    const plan = JSON.parse(round.plan) as Plan;
    const check = checkCatches(plan, settings, request.body.catches);
    const roundId = Number(round.id);
    if (!check.ok) {
      // The round is spent either way: a refused report cannot be corrected and sent again.
      if (!(await settleRound(db, roundId, { now, outcome: 'refused', catches: 0 })))
        throw fail('rainRoundSettled');
      throw fail(check.reason);
    }
    const won = await inTransaction(db, async (trx) => {
      if (!(await settleRound(trx, roundId, { now, outcome: 'awarded', catches: check.catches })))
        throw fail('rainRoundSettled');
      const prizes = await listPrizes(trx, id);
      const fallback = prizes.find((p) => p.prize_key === settings.fallbackPrize);
      if (!fallback) throw new Error(`rain fallback prize ${settings.fallbackPrize} is missing`);
      const drawn =
        check.catches >= settings.minCatches ? (pickWeighted(prizes) ?? fallback) : fallback;
      const result = await awardPrize(trx, {
        campaignId: id,
        userId: uid,
        prize: drawn,
        fallback,
        source: 'rain',
        businessKey: `rain-round:${roundId}`,
        now,
      });
      if (!result) throw new Error(`rain fallback prize ${fallback.prize_key} is out of stock`);
      await setRoundAward(trx, roundId, Number(result.award.id));
      return result;
    });
    return ok({
      catches: check.catches,
      prize: publicPrize(won.prize),
      award: isShown(won.award) ? publicAward(won.award) : null,
      chances: await readChances(db, id, settings, uid, chinaDay(now)),
    });
  });

  // A friend opened the sharer's link (/redPacketRain/helpU) and helps: once per friend a day; the
  // sharer earns a round today (within the cap: the assist still counts when the cap is reached).
  route(scope, 'rain.assist', async (request) => {
    const now = clock.now();
    const day = chinaDay(now);
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const rewarded = await inTransaction(db, async (trx) => {
      const sharer = await recordAssist(trx, {
        campaignId: id,
        purpose: assistPurpose(day),
        shareCode: request.body.shareCode,
        helperId: userId(user),
        now,
        repeatRefusal: 'rainAssistedToday',
      });
      return { sharer, earned: await earnRound(trx, id, settings, sharer.id, day) };
    });
    return ok({
      sharer: { nickname: rewarded.sharer.nickname },
      sharerEarnedChance: rewarded.earned,
    });
  });

  route(scope, 'rain.assists', async (request) => {
    const now = clock.now();
    const day = chinaDay(now);
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    const helpers = await listAssistsOf(db, id, userId(user), HELPERS_LISTED);
    return ok({
      campaign: publicCampaign(campaign, now),
      shareCode: user.share_code,
      bonusChancesPerDay: settings.bonusChancesPerDay,
      today: helpers.filter((h) => h.purpose === assistPurpose(day)).length,
      helpers: helpers.map((h) => ({
        nickname: h.nickname,
        day: h.purpose.slice('assist:'.length),
        createdAt: h.createdAt,
      })),
    });
  });
}
