// A campaign's dashboard for the operator console: the last `days` days (30 by default, up to
// 90, ending today in China Standard Time) of participants, draws and awards, and each limited
// prize's stock at the end of each day. Stock history is rebuilt backwards from today's stock
// and the awards since, so a restock shows on the day it is made only as a step in later days
// (docs/operator-console.md says so).
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { requireAdminCampaign } from './campaign-lookup.ts';
import { chinaDay, dailyActivity, dailyPrizeAwards } from '../store/dashboard.ts';
import { listPrizes } from '../store/prizes.ts';

const DAY_MS = 86_400_000;
const dayLabel = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function registerDashboardRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'admin.dashboard', async (request) => {
    const campaign = await requireAdminCampaign(db, request.params.id);
    const count = Number(request.query.days ?? 30);
    const today = chinaDay(clock.now());
    const first = today - count + 1;
    const days = Array.from({ length: count }, (_, i) => first + i);

    const activity = new Map(
      (await dailyActivity(db, campaign.id, first, today)).map((a) => [a.day, a]),
    );
    const awarded = await dailyPrizeAwards(db, campaign.id, first);
    const stock = (await listPrizes(db, campaign.id))
      .filter((prize) => prize.stock !== null)
      .map((prize) => {
        const own = awarded.filter((a) => a.prizeKey === prize.prize_key);
        // Stock at the end of a day = today's stock + what was awarded after that day.
        const values = days.map(
          (day) =>
            Number(prize.stock) +
            own.filter((a) => a.day > day).reduce((sum, a) => sum + a.count, 0),
        );
        return { key: prize.prize_key, name: prize.name, values };
      });

    return ok({
      campaignId: campaign.id,
      days: days.map((day) => ({
        day: dayLabel(day),
        participants: activity.get(day)?.participants ?? 0,
        draws: activity.get(day)?.draws ?? 0,
        awards: activity.get(day)?.awards ?? 0,
      })),
      stock,
    });
  });
}
