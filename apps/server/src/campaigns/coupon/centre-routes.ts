// The coupon campaign: the coupon centre (claimable templates by category with my state), claim,
// exchange codes, the new-user pack (once per account), and coupons sent to friends by a share
// link (the poster's data, and the friend's claim: once per receiver, never one's own).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { type ProductUser, maskMobile } from '../../product/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { findSharer, recordAssist } from '../kernel/assists.ts';
import { readCounter, tryIncrement } from '../kernel/counters.ts';
import {
  exchangeCode,
  findTemplate,
  issueCoupon,
  normaliseExchangeCode,
  publicCoupon,
  publicTemplate,
} from '../kernel/coupons.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import { claimableTemplates } from '../store/coupon-templates.ts';
import { centreCoupons } from './centre-coupons.ts';
import type { CouponSettings } from './settings.ts';

export const COUPON_CAMPAIGN = 'coupon';
/** The coupon centre's kind; `?campaign=` picks one coupon centre of it (decision 0037). */
const COUPON_KIND = 'coupon';
const DAY_MS = 86_400_000;

const newUserKey = (uid: number) => `${COUPON_CAMPAIGN}:newuser:${uid}`;
const giftKey = (uid: number) => `${COUPON_CAMPAIGN}:gift:${uid}`;

export function registerCouponCentreRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async () => {
    const campaign = await requireCampaign(db, COUPON_CAMPAIGN);
    return { campaign, settings: parseSettings<CouponSettings>(campaign) };
  };
  const requireTemplate = async (key: string) => {
    const template = await findTemplate(db, key);
    if (!template) throw new Error(`coupon campaign names unknown template ${key}`);
    return template;
  };
  const newUserEligible = (settings: CouponSettings, user: ProductUser, now: number) =>
    now - Number(user.created_at) <= settings.newUserPack.withinDays * DAY_MS;

  // The centre and its claim serve any coupon campaign (its own templates); the new-user pack,
  // exchange codes and gifts are the site's one campaign's (once per account, codes site-wide).
  const loadCentre = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, COUPON_KIND, requested);
    return { campaign, settings: parseSettings<CouponSettings>(campaign) };
  };

  route(scope, 'coupon.centre', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await loadCentre(request.query.campaign);
    const user = await optionalUser(ctx, request);
    const templates = await claimableTemplates(db, campaign.id);
    const coupons = await centreCoupons(db, user, templates);
    const names = [...new Set([...settings.categories, ...templates.map((t) => t.category)])];
    const categories = names
      .map((name) => ({ name, coupons: coupons.filter((t) => t.category === name) }))
      // A category the operator listed keeps its tab while empty (the page says 该分类暂无优惠券);
      // one that only templates named is shown while it has coupons.
      .filter((c) => c.coupons.length > 0 || settings.categories.includes(c.name));
    return ok({
      campaign: publicCampaign(campaign, now),
      loggedIn: user !== undefined,
      categories,
    });
  });

  route(scope, 'coupon.claim', async (request) => {
    const now = clock.now();
    const { campaign } = await loadCentre(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const template = await findTemplate(db, request.body.templateKey);
    if (!template || template.campaign_id !== campaign.id || Number(template.claimable) !== 1)
      throw fail('couponNotFound');
    const coupon = await issueCoupon(db, {
      template,
      userId: userId(user),
      source: 'centre',
      now,
      enforceLimits: true,
    });
    return ok(publicCoupon({ coupon, template }, now));
  });

  route(scope, 'coupon.exchange', async (request) => {
    const now = clock.now();
    const { campaign } = await load();
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const code = normaliseExchangeCode(request.body.code);
    return ok(publicCoupon(await exchangeCode(db, userId(user), code, now), now));
  });

  route(scope, 'coupon.newUser', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await optionalUser(ctx, request);
    const templates = await Promise.all(settings.newUserPack.templates.map(requireTemplate));
    return ok({
      campaign: publicCampaign(campaign, now),
      title: settings.newUserPack.title,
      withinDays: settings.newUserPack.withinDays,
      coupons: templates.map(publicTemplate),
      totalValue: templates.reduce((sum, t) => sum + Number(t.value), 0),
      loggedIn: user !== undefined,
      claimed: user ? (await readCounter(db, newUserKey(userId(user)))) > 0 : false,
      eligible: user ? newUserEligible(settings, user, now) : null,
    });
  });

  route(scope, 'coupon.newUserClaim', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    if ((await readCounter(db, newUserKey(uid))) > 0) throw fail('newUserPackClaimed');
    if (!newUserEligible(settings, user, now)) throw fail('newUserPackNotEligible');
    const templates = await Promise.all(settings.newUserPack.templates.map(requireTemplate));
    const coupons = await inTransaction(db, async (trx) => {
      if (!(await tryIncrement(trx, newUserKey(uid), 1))) throw fail('newUserPackClaimed');
      const issued = [];
      for (const template of templates) {
        issued.push({
          coupon: await issueCoupon(trx, {
            template,
            userId: uid,
            source: 'newuser',
            now,
            enforceLimits: false,
          }),
          template,
        });
      }
      return issued;
    });
    return ok(coupons.map((c) => publicCoupon(c, now)));
  });

  route(scope, 'coupon.poster', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await currentUser(ctx, request);
    const template = await requireTemplate(settings.gift.template);
    return ok({
      campaign: publicCampaign(campaign, now),
      title: settings.gift.posterTitle,
      subtitle: settings.gift.posterSubtitle,
      coupon: publicTemplate(template),
      sharer: { nickname: user.nickname },
      shareCode: user.share_code,
      sharePath: `/activity/sendCoupon/index?shareCode=${user.share_code}`,
    });
  });

  route(scope, 'coupon.gift', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const sharer = await findSharer(db, request.query.shareCode);
    if (!sharer) throw fail('shareCodeInvalid');
    const user = await optionalUser(ctx, request);
    const template = await requireTemplate(settings.gift.template);
    return ok({
      campaign: publicCampaign(campaign, now),
      sharer: { nickname: sharer.nickname, mobile: maskMobile(sharer.mobile) },
      coupon: publicTemplate(template),
      soldOut: template.stock !== null && Number(template.stock) <= 0,
      loggedIn: user !== undefined,
      isSelf: user !== undefined && userId(user) === sharer.id,
      claimed: user ? (await readCounter(db, giftKey(userId(user)))) > 0 : false,
    });
  });

  route(scope, 'coupon.giftClaim', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const template = await requireTemplate(settings.gift.template);
    const { shareCode } = request.body;
    const coupon = await inTransaction(db, async (trx) => {
      await recordAssist(trx, {
        campaignId: COUPON_CAMPAIGN,
        purpose: 'gift',
        shareCode,
        helperId: uid,
        now,
        selfRefusal: 'giftSelfClaim',
        repeatRefusal: 'giftAlreadyClaimed',
      });
      if (!(await tryIncrement(trx, giftKey(uid), 1))) throw fail('giftAlreadyClaimed');
      return issueCoupon(trx, { template, userId: uid, source: 'gift', now, enforceLimits: true });
    });
    return ok(publicCoupon({ coupon, template }, now));
  });
}
