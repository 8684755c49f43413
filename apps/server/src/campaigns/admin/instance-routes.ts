// Campaigns as instances (issue 26, decision 0037): an operator creates a campaign of any kind
// with its own id, copies one, moves it through its lifecycle (draft → live → paused / ended →
// archived) and deletes prizes nobody has won. Pages pick an instance with `?campaign=<id>`.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { writePrize } from '../config-store.ts';
import { inTransaction } from '../kernel/transaction.ts';
import { requireAnyCampaign, type Campaign } from '../kernel/window.ts';
import { changeStatus, deleteUnawardedPrize, insertCampaign } from '../store/admin-store.ts';
import { listPrizes } from '../store/prizes.ts';
import type { CampaignStatus } from '../store/tables.ts';
import { referencedKeys } from '../kinds.ts';
import { instantMs } from '../schemas.ts';
import {
  configProblems,
  repeatedPrizeProblems,
  settingsProblemList,
  windowProblems,
} from './checks.ts';
import { currentPrizes } from './prize-edits.ts';
import { adminFail, refuseProblems } from './problems.ts';
import { campaignDetail } from './views.ts';

/** Which stored statuses may move to each target (a conditional update enforces it). */
const FROM: Record<Exclude<CampaignStatus, 'draft'>, readonly CampaignStatus[]> = {
  live: ['draft', 'paused'],
  paused: ['live'],
  ended: ['live', 'paused'],
  archived: ['draft', 'ended'],
};

const STATUS_NAME: Record<CampaignStatus, string> = {
  draft: '草稿',
  live: '已发布',
  paused: '已暂停',
  ended: '已结束',
  archived: '已归档',
};

export function registerInstanceRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  const detail = async (id: string) =>
    ok(await campaignDetail(db, await requireAnyCampaign(db, id), clock.now()));

  route(scope, 'admin.createCampaign', async (request) => {
    const body = request.body;
    const now = clock.now();
    const startsAt = instantMs(body.startsAt);
    const endsAt = instantMs(body.endsAt);
    const prizes = body.prizes ?? [];
    const shapes = prizes.map((p) => ({ ...p, value: p.value ?? '', stock: p.stock ?? null }));
    refuseProblems([
      ...windowProblems(startsAt, endsAt),
      ...repeatedPrizeProblems(prizes),
      ...(await configProblems(db, body.kind, body.settings, shapes)),
    ]);
    const created = await inTransaction(db, async (trx) => {
      const inserted = await insertCampaign(
        trx,
        {
          id: body.id,
          kind: body.kind,
          title: body.title,
          rules: (body.rules ?? []).join('\n'),
          startsAt,
          endsAt,
          settings: JSON.stringify(body.settings),
          status: body.status ?? 'draft',
        },
        now,
      );
      if (!inserted) return false;
      for (const prize of prizes) await writePrize(trx, body.id, prize, now, false);
      return true;
    });
    if (!created) throw adminFail('adminCampaignExists', body.id);
    return detail(body.id);
  });

  // A copy starts as a draft with the source's settings and prizes (their stock as it stands,
  // nothing awarded); passwords, templates and shoppers' records stay with the source.
  route(scope, 'admin.copyCampaign', async (request) => {
    const source = await requireAnyCampaign(db, request.params.source);
    const body = request.body;
    const now = clock.now();
    const startsAt =
      body.startsAt === undefined ? Number(source.starts_at) : instantMs(body.startsAt);
    const endsAt = body.endsAt === undefined ? Number(source.ends_at) : instantMs(body.endsAt);
    refuseProblems(windowProblems(startsAt, endsAt));
    const prizes = await listPrizes(db, source.id);
    const created = await inTransaction(db, async (trx) => {
      const inserted = await insertCampaign(
        trx,
        {
          id: body.id,
          kind: source.kind,
          title: body.title ?? source.title,
          rules: source.rules,
          startsAt,
          endsAt,
          settings: source.settings,
          status: 'draft',
        },
        now,
      );
      if (!inserted) return false;
      for (const p of prizes)
        await writePrize(
          trx,
          body.id,
          {
            key: p.prize_key,
            name: p.name,
            image: p.image,
            kind: p.kind,
            value: p.value,
            weight: Number(p.weight),
            stock: p.stock === null ? null : Number(p.stock),
            slot: Number(p.slot),
            usage: p.usage.split('\n').filter((line) => line.trim() !== ''),
          },
          now,
          false,
        );
      return true;
    });
    if (!created) throw adminFail('adminCampaignExists', body.id);
    return detail(body.id);
  });

  // Publishing checks the whole configuration once more: a draft may be built in any order.
  route(scope, 'admin.campaignStatus', async (request) => {
    const campaign = await requireAnyCampaign(db, request.params.id);
    const to = request.body.status;
    if (to === 'live' && campaign.status === 'draft') await refuseUnpublishable(campaign);
    if (!(await changeStatus(db, campaign.id, FROM[to], to, clock.now()))) {
      const from = (await requireAnyCampaign(db, campaign.id)).status;
      throw adminFail(
        'adminStatusChange',
        `${STATUS_NAME[from]}的活动不能改为${STATUS_NAME[to]}（可从 ${FROM[to].map((s) => STATUS_NAME[s]).join('、')} 改为${STATUS_NAME[to]}）`,
      );
    }
    return detail(campaign.id);
  });

  async function refuseUnpublishable(campaign: Campaign): Promise<void> {
    const settings = JSON.parse(campaign.settings) as unknown;
    const own = settingsProblemList(campaign.kind, settings);
    refuseProblems(
      own.length > 0
        ? own
        : await configProblems(db, campaign.kind, settings, await currentPrizes(db, campaign.id)),
    );
  }

  // Awards keep a copy of their prize but point at its row, so a prize anyone has won is retired
  // (PATCH slot -1, weight 0) rather than deleted; one the settings name cannot go either.
  route(scope, 'admin.deletePrize', async (request) => {
    const { id, key } = request.params;
    const campaign = await requireAnyCampaign(db, id);
    const settings = JSON.parse(campaign.settings) as unknown;
    if (settingsProblemList(campaign.kind, settings).length === 0) {
      if (referencedKeys(campaign.kind, settings).prizes.includes(key))
        throw adminFail('adminPrizeInUse', `活动设置引用了奖品 ${key}`);
    }
    const outcome = await deleteUnawardedPrize(db, campaign.id, key);
    if (outcome === 'missing') throw adminFail('adminNotFound', `奖品 ${key} 不存在`);
    if (outcome === 'awarded') throw adminFail('adminPrizeAwarded', key);
    return detail(campaign.id);
  });
}
