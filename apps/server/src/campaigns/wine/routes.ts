// The wine corner (/activity/wine/index): what the page shows once the visitor confirmed the
// minimum age. The confirmation itself is the visitor's statement, kept on their device
// (docs/content-pages.md); the server answers the copy and the wines.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { parseSettings, publicCampaign, requireCampaign } from '../kernel/window.ts';
import type { WineSettings } from './settings.ts';

export const WINE_CAMPAIGN = 'wine';

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function registerWineRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  route(scope, 'wine.page', async () => {
    const campaign = await requireCampaign(db, WINE_CAMPAIGN);
    const settings = parseSettings<WineSettings>(campaign);
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      minimumAge: settings.minimumAge,
      gate: settings.gate,
      exit: settings.exit,
      rememberDays: settings.rememberDays,
      notice: settings.notice,
      products: settings.products.map((p) => ({
        key: p.key,
        name: p.name,
        spec: p.spec,
        price: yuan(p.price),
        image: p.image,
        tag: p.tag ?? '',
        url: p.url ?? '',
      })),
    });
  });
}
