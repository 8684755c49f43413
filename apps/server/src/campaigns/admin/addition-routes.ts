// Adding prizes and coupon templates, changing a template field by field and retiring one (issue
// 26, decision 0059). An addition never replaces: a key already taken is refused (61160, 61161),
// so two operators adding the same key cannot overwrite each other's prize. The configuration as
// it would be is checked whole first (checks.ts), every problem named at once in Chinese. Each
// change is logged with the account that made it (auth.ts names it on the request's log).
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { writeCouponTemplate, writePrize } from '../config-store.ts';
import { findTemplate } from '../kernel/coupons.ts';
import { requireAnyCampaign } from '../kernel/window.ts';
import { referencedKeys } from '../kinds.ts';
import { couponPrizesGiving, listCampaigns, retireTemplateRow } from '../store/admin-store.ts';
import { findPrize } from '../store/prizes.ts';
import { configProblems, settingsProblemList } from './checks.ts';
import { currentPrizes } from './prize-edits.ts';
import { adminFail, refuseProblems } from './problems.ts';
import { templateConfigOf, writeTemplateSafely } from './template-edits.ts';
import { adminTemplate, campaignDetail } from './views.ts';

/** The kind's settings, when they hold: what they name can be read. */
function namedTemplates(kind: string, settingsText: string): string[] {
  const settings = JSON.parse(settingsText) as unknown;
  if (settingsProblemList(kind, settings).length > 0) return [];
  return referencedKeys(kind, settings).templates;
}

function namedPrizes(kind: string, settingsText: string): string[] {
  const settings = JSON.parse(settingsText) as unknown;
  if (settingsProblemList(kind, settings).length > 0) return [];
  return referencedKeys(kind, settings).prizes;
}

export function registerAdditionRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'admin.createPrize', async (request) => {
    const campaign = await requireAnyCampaign(db, request.params.id);
    const prize = request.body;
    if (await findPrize(db, campaign.id, prize.key))
      throw adminFail('adminPrizeExists', `${prize.key}（修改已有奖品请用“编辑”）`);
    const after = [
      ...(await currentPrizes(db, campaign.id)),
      { ...prize, value: prize.value ?? '', stock: prize.stock ?? null },
    ];
    refuseProblems(
      await configProblems(db, campaign.kind, JSON.parse(campaign.settings) as unknown, after),
    );
    // The insert does nothing when another operator took the key since the look-up above.
    if (!(await writePrize(db, campaign.id, prize, clock.now(), false)))
      throw adminFail('adminPrizeExists', prize.key);
    request.log.info({ campaign: campaign.id, prize: prize.key }, 'admin API: prize added');
    return ok(await campaignDetail(db, campaign, clock.now()));
  });

  route(scope, 'admin.createTemplate', async (request) => {
    const { campaignId, ...template } = request.body;
    const campaign = await requireAnyCampaign(db, campaignId);
    if (await findTemplate(db, template.key))
      throw adminFail('adminTemplateExists', `${template.key}（模板编号全站唯一）`);
    if (!(await writeCouponTemplate(db, campaign.id, template, clock.now(), false)))
      throw adminFail('adminTemplateExists', template.key);
    request.log.info(
      { campaign: campaign.id, template: template.key },
      'admin API: coupon template added',
    );
    return ok(adminTemplate((await findTemplate(db, template.key))!));
  });

  // Only the named fields change; a PATCH without `stock` never compares or writes it.
  route(scope, 'admin.patchTemplate', async (request) => {
    const { key } = request.params;
    const existing = await findTemplate(db, key);
    if (!existing) throw adminFail('adminNotFound', `优惠券模板 ${key} 不存在`);
    const campaign = await requireAnyCampaign(db, existing.campaign_id);
    const defined = Object.fromEntries(
      Object.entries(request.body).filter(([, v]) => v !== undefined),
    );
    const { key: _key, ...current } = templateConfigOf(existing);
    await writeTemplateSafely(
      db,
      campaign,
      existing,
      { ...current, ...defined },
      { keepStock: request.body.stock === undefined },
      clock.now(),
    );
    request.log.info(
      { template: key, fields: Object.keys(defined) },
      'admin API: coupon template changed',
    );
    return ok(adminTemplate((await findTemplate(db, key))!));
  });

  // Retiring stops every new coupon of the template: it leaves the coupon centre and its stock
  // goes to 0. It is refused while a campaign that may still award gives it (settings or a prize
  // on the board, drawn or named), so no shopper wins a coupon that can no longer be issued.
  // Coupons already issued and exchange codes already handed out stay valid.
  route(scope, 'admin.retireTemplate', async (request) => {
    const { key } = request.params;
    const existing = await findTemplate(db, key);
    if (!existing) throw adminFail('adminNotFound', `优惠券模板 ${key} 不存在`);
    const users: string[] = [];
    for (const c of await listCampaigns(db)) {
      if (c.status === 'ended' || c.status === 'archived') continue;
      if (namedTemplates(c.kind, c.settings).includes(key)) users.push(`活动 ${c.id} 的设置`);
    }
    for (const p of await couponPrizesGiving(db, key)) {
      const given =
        Number(p.weight) > 0 ||
        Number(p.slot) >= 0 ||
        namedPrizes(p.kind, p.settings).includes(p.prize_key);
      if (given) users.push(`活动 ${p.campaign_id} 的奖品 ${p.prize_key}（请先下架）`);
    }
    if (users.length > 0) throw adminFail('adminTemplateInUse', users.join('；'));
    await retireTemplateRow(db, key, clock.now());
    request.log.info({ template: key }, 'admin API: coupon template retired');
    return ok(adminTemplate((await findTemplate(db, key))!));
  });
}
