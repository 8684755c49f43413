// The admin API (/admin/api/…): an operator lists, reads and changes a campaign's configuration
// and stock without a code change. Every call carries x-admin-key = MORSEL_ADMIN_KEY; the redeem
// route also takes MORSEL_CASHIER_KEY (a route's `config.adminRoles` names who may call it).
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { ok } from '../../product/index.ts';
import type { CampaignContext } from '../context.ts';
import { CouponTemplateConfig, PasswordConfig, PrizeConfig } from '../config-format.ts';
import {
  writeCouponTemplate,
  writeExchangeCode,
  writePassword,
  writePrize,
} from '../config-store.ts';
import { refuse } from '../kernel/codes.ts';
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
import { Instant, instantMs } from '../schemas.ts';
import { requireKey, type AdminRole } from './auth.ts';
import { readBody } from './body.ts';
import { adminCampaign, adminTemplate, campaignDetail } from './views.ts';

const Key = Type.String({ pattern: '^[a-z0-9-]{1,64}$' });
const CampaignParams = Type.Object({ id: Key });
const PrizeParams = Type.Object({ id: Key, key: Key });
const PasswordParams = Type.Object({
  id: Key,
  password: Type.String({ minLength: 1, maxLength: 32 }),
});
const TemplateParams = Type.Object({ key: Key });

const CampaignPatch = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    rules: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
    startsAt: Type.Optional(Instant),
    endsAt: Type.Optional(Instant),
    settings: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
const PrizeBody = Type.Omit(PrizeConfig, ['key'], { additionalProperties: false });
const PasswordBody = Type.Omit(PasswordConfig, ['password'], { additionalProperties: false });
const TemplateBody = Type.Composite(
  [Type.Omit(CouponTemplateConfig, ['key']), Type.Object({ campaignId: Key })],
  {
    additionalProperties: false,
  },
);
const StockBody = Type.Object(
  { add: Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 }) },
  { additionalProperties: false },
);
const CodesBody = Type.Object(
  { count: Type.Integer({ minimum: 1, maximum: 1000 }), expiresAt: Instant },
  { additionalProperties: false },
);
const RedeemBody = Type.Object(
  { code: Type.String({ pattern: '^\\d{16}$' }) },
  { additionalProperties: false },
);

/** The fallback of a draw must never run out, or a draw would have nothing to answer. */
function isFallback(settings: string, prizeKey: string): boolean {
  const parsed = JSON.parse(settings) as { fallbackPrize?: unknown };
  return parsed.fallbackPrize === prizeKey;
}

const ADMIN_ONLY: readonly AdminRole[] = ['admin'];
const ADMIN_OR_CASHIER: readonly AdminRole[] = ['admin', 'cashier'];

const badConfig = (message: string) =>
  refuse('adminBadConfig', { message: `活动配置不正确：${message}`, status: 400 });

export function registerAdminRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  scope.addHook('onRequest', async (request) => {
    const roles =
      (request.routeOptions.config as { adminRoles?: readonly AdminRole[] }).adminRoles ??
      ADMIN_ONLY;
    await requireKey(ctx, request, roles);
  });

  scope.get('/admin/api/campaigns', async () => {
    const now = clock.now();
    const campaigns = await listCampaigns(db);
    return ok(campaigns.map((c) => adminCampaign(c, now)));
  });

  scope.get('/admin/api/campaigns/:id', { schema: { params: CampaignParams } }, async (request) => {
    const campaign = await requireCampaign(
      db,
      (request.params as Static<typeof CampaignParams>).id,
    );
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  scope.patch(
    '/admin/api/campaigns/:id',
    { schema: { params: CampaignParams } },
    async (request) => {
      const now = clock.now();
      const campaign = await requireCampaign(
        db,
        (request.params as Static<typeof CampaignParams>).id,
      );
      const patch = readBody(CampaignPatch, request.body);
      const startsAt =
        patch.startsAt === undefined ? Number(campaign.starts_at) : instantMs(patch.startsAt);
      const endsAt =
        patch.endsAt === undefined ? Number(campaign.ends_at) : instantMs(patch.endsAt);
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
    },
  );

  scope.put(
    '/admin/api/campaigns/:id/prizes/:key',
    { schema: { params: PrizeParams } },
    async (request) => {
      const { id, key } = request.params as Static<typeof PrizeParams>;
      const campaign = await requireCampaign(db, id);
      const body = readBody(PrizeBody, request.body);
      if (body.kind === 'coupon' && !(await findTemplate(db, body.value ?? '')))
        throw badConfig(`优惠券模板 ${body.value ?? ''} 不存在`);
      if (body.kind === 'points' && !/^[1-9]\d{0,7}$/.test(body.value ?? ''))
        throw badConfig('积分奖品的 value 必须是正整数');
      if (isFallback(campaign.settings, key) && body.stock !== undefined && body.stock !== null)
        throw badConfig(`保底奖品 ${key} 的库存必须不限量`);
      await writePrize(db, campaign.id, { ...body, key }, clock.now(), true);
      return ok(await campaignDetail(db, campaign, clock.now()));
    },
  );

  // Relative and atomic, so a restock never loses units awarded while the operator typed.
  scope.post(
    '/admin/api/campaigns/:id/prizes/:key/stock',
    { schema: { params: PrizeParams } },
    async (request) => {
      const { id, key } = request.params as Static<typeof PrizeParams>;
      const { add } = readBody(StockBody, request.body);
      const row = await restockPrize(db, id, key, add, clock.now());
      if (!row)
        throw refuse('adminNotFound', {
          message: '奖品不存在、库存不限量，或扣减后库存将小于0',
          status: 404,
        });
      return ok({ key, ...row });
    },
  );

  scope.put(
    '/admin/api/campaigns/:id/passwords/:password',
    { schema: { params: PasswordParams } },
    async (request) => {
      const { id, password } = request.params as Static<typeof PasswordParams>;
      const campaign = await requireCampaign(db, id);
      const body = readBody(PasswordBody, request.body);
      const prize = await findPrizeStock(db, id, body.prize);
      if (!prize) throw badConfig(`奖品 ${body.prize} 不存在`);
      if (!(instantMs(body.startsAt) < instantMs(body.endsAt)))
        throw badConfig('startsAt 必须早于 endsAt');
      await writePassword(db, campaign.id, { ...body, password }, clock.now(), true);
      return ok(await campaignDetail(db, campaign, clock.now()));
    },
  );

  scope.put(
    '/admin/api/coupon-templates/:key',
    { schema: { params: TemplateParams } },
    async (request) => {
      const { key } = request.params as Static<typeof TemplateParams>;
      const { campaignId, ...body } = readBody(TemplateBody, request.body);
      await requireCampaign(db, campaignId);
      await writeCouponTemplate(db, campaignId, { ...body, key }, clock.now(), true);
      return ok(adminTemplate((await findTemplate(db, key))!));
    },
  );

  scope.post(
    '/admin/api/coupon-templates/:key/stock',
    { schema: { params: TemplateParams } },
    async (request) => {
      const { key } = request.params as Static<typeof TemplateParams>;
      const { add } = readBody(StockBody, request.body);
      const row = await restockTemplate(db, key, add, clock.now());
      if (!row)
        throw refuse('adminNotFound', {
          message: '优惠券模板不存在、库存不限量，或扣减后库存将小于0',
          status: 404,
        });
      return ok({ key, ...row });
    },
  );

  scope.post(
    '/admin/api/coupon-templates/:key/exchange-codes',
    { schema: { params: TemplateParams } },
    async (request) => {
      const { key } = request.params as Static<typeof TemplateParams>;
      const { count, expiresAt } = readBody(CodesBody, request.body);
      if (!(await findTemplate(db, key)))
        throw refuse('adminNotFound', { message: '优惠券模板不存在', status: 404 });
      const codes: string[] = [];
      while (codes.length < count) {
        const code = newExchangeCode();
        if (await writeExchangeCode(db, code, key, instantMs(expiresAt), clock.now()))
          codes.push(code);
      }
      return ok({ template: key, expiresAt: instantMs(expiresAt), codes });
    },
  );

  // The store's cashier scans the code the shopper shows on /activity/coupon/use.
  scope.post(
    '/admin/api/coupons/redeem',
    { config: { adminRoles: ADMIN_OR_CASHIER } },
    async (request) => {
      return ok(await redeemByCode(db, readBody(RedeemBody, request.body).code, clock.now()));
    },
  );
}
