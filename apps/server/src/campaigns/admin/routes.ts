// The admin API (/admin/api/…): an operator lists, reads and changes a campaign's configuration
// and stock without a code change. Every call carries x-admin-key = MORSEL_ADMIN_KEY; the redeem
// route also takes MORSEL_CASHIER_KEY (the table's `access: 'cashier'`). Bodies are checked by
// the API scope's validator, which never coerces: `stock: 0` and `stock: null` stay apart.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { writeCouponTemplate, writePassword } from '../config-store.ts';
import { findTemplate, redeemByCode } from '../kernel/coupons.ts';
import { requireAnyCampaign } from '../kernel/window.ts';
import {
  findPrizeStock,
  listCampaigns,
  restockPrize,
  restockTemplate,
  updateCampaign,
} from '../store/admin-store.ts';
import { instantMs } from '../schemas.ts';
import { requireKey, type AdminRole } from './auth.ts';
import { configProblems } from './checks.ts';
import { issueExchangeCodes } from './codes-routes.ts';
import { mergePatch } from './merge-patch.ts';
import { adminFail, refuseProblems, type Problem } from './problems.ts';
import { registerInstanceRoutes } from './instance-routes.ts';
import { registerAdditionRoutes } from './addition-routes.ts';
import { registerKindRoutes } from './kind-routes.ts';
import { currentPrizes, prizeWith, writePrizeSafely } from './prize-edits.ts';
import { writeTemplateSafely } from './template-edits.ts';
import { adminCampaign, adminTemplate, campaignDetail } from './views.ts';

const ADMIN_ONLY: readonly AdminRole[] = ['admin'];
const ADMIN_OR_CASHIER: readonly AdminRole[] = ['admin', 'cashier'];

const windowProblems = (startsAt: number, endsAt: number): Problem[] =>
  startsAt < endsAt ? [] : [{ field: 'endsAt', expects: '应晚于 startsAt（活动开始时间）' }];

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
    const campaign = await requireAnyCampaign(db, request.params.id);
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  // Settings are a JSON merge patch (RFC 7386): name only the fields to change, null removes one.
  route(scope, 'admin.patchCampaign', async (request) => {
    const now = clock.now();
    const campaign = await requireAnyCampaign(db, request.params.id);
    const patch = request.body;
    const startsAt =
      patch.startsAt === undefined ? Number(campaign.starts_at) : instantMs(patch.startsAt);
    const endsAt = patch.endsAt === undefined ? Number(campaign.ends_at) : instantMs(patch.endsAt);
    const settings =
      patch.settings === undefined
        ? undefined
        : mergePatch(JSON.parse(campaign.settings) as unknown, patch.settings);
    refuseProblems([
      ...windowProblems(startsAt, endsAt),
      ...(settings === undefined
        ? []
        : await configProblems(db, campaign.kind, settings, await currentPrizes(db, campaign.id))),
    ]);
    await updateCampaign(
      db,
      campaign.id,
      {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.rules !== undefined && { rules: patch.rules.join('\n') }),
        ...(settings !== undefined && { settings: JSON.stringify(settings) }),
        startsAt,
        endsAt,
      },
      now,
    );
    return ok(await campaignDetail(db, await requireAnyCampaign(db, campaign.id), now));
  });

  // What GET answers, PUT takes back; a published campaign's stock only moves by /stock.
  route(scope, 'admin.putPrize', async (request) => {
    const { id, key } = request.params;
    const campaign = await requireAnyCampaign(db, id);
    const { key: named, awarded, ...prize } = request.body;
    if (named !== undefined && named !== key)
      throw adminFail('adminBadConfig', `key 应与路径中的奖品编号 ${key} 相同`);
    await writePrizeSafely(db, campaign, { ...prize, key }, { awarded }, clock.now());
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  route(scope, 'admin.patchPrize', async (request) => {
    const { id, key } = request.params;
    const campaign = await requireAnyCampaign(db, id);
    const prize = await prizeWith(db, campaign.id, key, request.body);
    await writePrizeSafely(
      db,
      campaign,
      prize,
      { keepStock: request.body.stock === undefined },
      clock.now(),
    );
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  // Relative and atomic, so a restock never loses units awarded while the operator typed.
  route(scope, 'admin.restockPrize', async (request) => {
    const { id, key } = request.params;
    const { add } = request.body;
    const row = await restockPrize(db, id, key, add, clock.now());
    if (!row) throw adminFail('adminNotFound', '奖品不存在、库存不限量，或扣减后库存将小于 0');
    return ok({ key, ...row });
  });

  route(scope, 'admin.putPassword', async (request) => {
    const { id, password } = request.params;
    const campaign = await requireAnyCampaign(db, id);
    const { password: _named, used: _used, ...body } = request.body;
    const prize = await findPrizeStock(db, id, body.prize);
    // A password's prize is shown to whoever types it; "thanks for playing" is no prize.
    refuseProblems([
      ...(!prize
        ? [{ field: 'prize', expects: `应为本活动已有的奖品（${body.prize} 不存在）` }]
        : prize.kind === 'thanks'
          ? [{ field: 'prize', expects: '不能是“谢谢参与”：口令兑换的必须是真奖品' }]
          : []),
      ...windowProblems(instantMs(body.startsAt), instantMs(body.endsAt)),
    ]);
    await writePassword(db, campaign.id, { ...body, password }, clock.now(), true);
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  route(scope, 'admin.putTemplate', async (request) => {
    const { key } = request.params;
    const { campaignId, key: named, issued, ...body } = request.body;
    if (named !== undefined && named !== key)
      throw adminFail('adminBadConfig', `key 应与路径中的模板编号 ${key} 相同`);
    const campaign = await requireAnyCampaign(db, campaignId);
    const existing = await findTemplate(db, key);
    const now = clock.now();
    if (!existing) {
      await writeCouponTemplate(db, campaignId, { ...body, key }, now, false);
      return ok(adminTemplate((await findTemplate(db, key))!));
    }
    await writeTemplateSafely(db, campaign, existing, body, { issued }, now);
    return ok(adminTemplate((await findTemplate(db, key))!));
  });

  route(scope, 'admin.restockTemplate', async (request) => {
    const { key } = request.params;
    const { add } = request.body;
    const row = await restockTemplate(db, key, add, clock.now());
    if (!row)
      throw adminFail('adminNotFound', '优惠券模板不存在、库存不限量，或扣减后库存将小于 0');
    return ok({ key, ...row });
  });

  // The older per-template route: random codes working at once, checked and issued as the
  // exchange-codes route does (a time already past is refused with 61070, HTTP 400).
  route(scope, 'admin.exchangeCodes', async (request) => {
    const { template, expiresAt, codes } = await issueExchangeCodes(
      db,
      request.params.key,
      request.body,
      clock.now(),
    );
    return ok({ template, expiresAt, codes });
  });

  registerInstanceRoutes(scope, ctx);
  registerAdditionRoutes(scope, ctx);
  registerKindRoutes(scope, ctx);

  // The store's cashier scans the code the shopper shows on /activity/coupon/use.
  route(scope, 'admin.redeem', async (request) =>
    ok(await redeemByCode(db, request.body.code, clock.now())),
  );
}
