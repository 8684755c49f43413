// The admin API (/admin/api/…): an operator lists, reads and changes a campaign's configuration
// and stock without a code change. Every call carries x-admin-key = MORSEL_ADMIN_KEY; the redeem
// route also takes MORSEL_CASHIER_KEY (the table's `access: 'cashier'`). Bodies are checked by
// the API scope's validator, which never coerces: `stock: 0` and `stock: null` stay apart.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import {
  writeCouponTemplate,
  writeExchangeCode,
  writePassword,
  writePrize,
} from '../config-store.ts';
import { findTemplate, newExchangeCode, redeemByCode } from '../kernel/coupons.ts';
import { requireCampaign } from '../kernel/window.ts';
import {
  findPrizeStock,
  listCampaigns,
  restockPrize,
  restockTemplate,
  updateCampaign,
} from '../store/admin-store.ts';
import { referencedKeys, settingsProblems } from '../kinds.ts';
import { instantMs } from '../schemas.ts';
import { requireKey, type AdminRole } from './auth.ts';
import { adminCampaign, adminTemplate, campaignDetail } from './views.ts';

/** The fallback of a draw must never run out, or a draw would have nothing to answer. */
function isFallback(settings: string, prizeKey: string): boolean {
  const parsed = JSON.parse(settings) as { fallbackPrize?: unknown };
  return parsed.fallbackPrize === prizeKey;
}

const ADMIN_ONLY: readonly AdminRole[] = ['admin'];
const ADMIN_OR_CASHIER: readonly AdminRole[] = ['admin', 'cashier'];

const badConfig = (message: string) =>
  fail('adminBadConfig', { message: `活动配置不正确：${message}`, status: 400 });

export function registerAdminRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  scope.addHook('onRequest', async (request) => {
    const roles = request.routeOptions.config.access === 'cashier' ? ADMIN_OR_CASHIER : ADMIN_ONLY;
    await requireKey(ctx, request, roles);
  });

  route(scope, 'admin.campaigns', async () => {
    const now = clock.now();
    const campaigns = await listCampaigns(db);
    return ok(campaigns.map((c) => adminCampaign(c, now)));
  });

  route(scope, 'admin.campaign', async (request) => {
    const campaign = await requireCampaign(db, request.params.id);
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  route(scope, 'admin.patchCampaign', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, request.params.id);
    const patch = request.body;
    const startsAt =
      patch.startsAt === undefined ? Number(campaign.starts_at) : instantMs(patch.startsAt);
    const endsAt = patch.endsAt === undefined ? Number(campaign.ends_at) : instantMs(patch.endsAt);
    if (!(startsAt < endsAt)) throw badConfig('startsAt 必须早于 endsAt');
    if (patch.settings !== undefined) {
      const problems = settingsProblems(campaign.kind, patch.settings);
      if (problems.length > 0) throw badConfig(problems.join('; '));
      const named = referencedKeys(campaign.kind, patch.settings);
      for (const key of named.prizes) {
        const found = await findPrizeStock(db, campaign.id, key);
        if (!found) throw badConfig(`奖品 ${key} 不存在`);
        if (isFallback(JSON.stringify(patch.settings), key) && found.stock !== null)
          throw badConfig(`保底奖品 ${key} 的库存必须不限量`);
      }
      for (const key of named.templates)
        if (!(await findTemplate(db, key))) throw badConfig(`优惠券模板 ${key} 不存在`);
    }
    await updateCampaign(
      db,
      campaign.id,
      {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.rules !== undefined && { rules: patch.rules.join('\n') }),
        ...(patch.settings !== undefined && { settings: JSON.stringify(patch.settings) }),
        startsAt,
        endsAt,
      },
      now,
    );
    return ok(await campaignDetail(db, await requireCampaign(db, campaign.id), now));
  });

  route(scope, 'admin.putPrize', async (request) => {
    const { id, key } = request.params;
    const campaign = await requireCampaign(db, id);
    const body = request.body;
    if (body.kind === 'coupon' && !(await findTemplate(db, body.value ?? '')))
      throw badConfig(`优惠券模板 ${body.value ?? ''} 不存在`);
    if (body.kind === 'points' && !/^[1-9]\d{0,7}$/.test(body.value ?? ''))
      throw badConfig('积分奖品的 value 必须是正整数');
    if (isFallback(campaign.settings, key) && body.stock !== undefined && body.stock !== null)
      throw badConfig(`保底奖品 ${key} 的库存必须不限量`);
    await writePrize(db, campaign.id, { ...body, key }, clock.now(), true);
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  // Relative and atomic, so a restock never loses units awarded while the operator typed.
  route(scope, 'admin.restockPrize', async (request) => {
    const { id, key } = request.params;
    const { add } = request.body;
    const row = await restockPrize(db, id, key, add, clock.now());
    if (!row)
      throw fail('adminNotFound', {
        message: '奖品不存在、库存不限量，或扣减后库存将小于0',
        status: 404,
      });
    return ok({ key, ...row });
  });

  route(scope, 'admin.putPassword', async (request) => {
    const { id, password } = request.params;
    const campaign = await requireCampaign(db, id);
    const body = request.body;
    const prize = await findPrizeStock(db, id, body.prize);
    if (!prize) throw badConfig(`奖品 ${body.prize} 不存在`);
    // A password's prize is shown to whoever types it; "thanks for playing" is no prize.
    if (prize.kind === 'thanks') throw badConfig(`口令奖品 ${body.prize} 不能是“谢谢参与”`);
    if (!(instantMs(body.startsAt) < instantMs(body.endsAt)))
      throw badConfig('startsAt 必须早于 endsAt');
    await writePassword(db, campaign.id, { ...body, password }, clock.now(), true);
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  route(scope, 'admin.putTemplate', async (request) => {
    const { key } = request.params;
    const { campaignId, ...body } = request.body;
    await requireCampaign(db, campaignId);
    await writeCouponTemplate(db, campaignId, { ...body, key }, clock.now(), true);
    return ok(adminTemplate((await findTemplate(db, key))!));
  });

  route(scope, 'admin.restockTemplate', async (request) => {
    const { key } = request.params;
    const { add } = request.body;
    const row = await restockTemplate(db, key, add, clock.now());
    if (!row)
      throw fail('adminNotFound', {
        message: '优惠券模板不存在、库存不限量，或扣减后库存将小于0',
        status: 404,
      });
    return ok({ key, ...row });
  });

  route(scope, 'admin.exchangeCodes', async (request) => {
    const { key } = request.params;
    const { count, expiresAt } = request.body;
    if (!(await findTemplate(db, key)))
      throw fail('adminNotFound', { message: '优惠券模板不存在', status: 404 });
    const codes: string[] = [];
    while (codes.length < count) {
      const code = newExchangeCode();
      if (await writeExchangeCode(db, code, key, instantMs(expiresAt), clock.now()))
        codes.push(code);
    }
    return ok({ template: key, expiresAt: instantMs(expiresAt), codes });
  });

  // The store's cashier scans the code the shopper shows on /activity/coupon/use.
  route(scope, 'admin.redeem', async (request) =>
    ok(await redeemByCode(db, request.body.code, clock.now())),
  );
}
