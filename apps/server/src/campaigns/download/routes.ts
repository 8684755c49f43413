// The download and jump pages (/download/*, /mutual/*): their configuration, and a URL scheme
// into the mini-program for a page that offers one. A minted scheme is shared by every visitor
// of that page for ten minutes (WeChat caps how many a day an app may mint); when WeChat refuses
// or is not configured the page shows the mini-program code instead (docs/wechat.md).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress, route } from '../../api/index.ts';
import { hitCounter, readCache, WechatApiError, writeCache } from '../../product/index.ts';
import type { CampaignContext } from '../context.ts';
import { parseSettings, requireCampaign } from '../kernel/window.ts';
import type { DownloadSettings } from './settings.ts';

export const DOWNLOAD_CAMPAIGN = 'download';
const SCHEME_SHARED_MS = 10 * 60_000;
const SCHEMES_PER_ADDRESS_PER_MINUTE = 20;

export function registerDownloadRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  async function pageOf(name: string) {
    const campaign = await requireCampaign(db, DOWNLOAD_CAMPAIGN);
    const settings = parseSettings<DownloadSettings>(campaign);
    const page = Object.hasOwn(settings.pages, name) ? settings.pages[name] : undefined;
    if (!page) throw fail('downloadPageUnknown');
    return { campaign, settings, page };
  }

  route(scope, 'download.page', async (request) => {
    const { campaign, settings, page } = await pageOf(request.params.page);
    return ok({
      page: request.params.page,
      headline: page.headline,
      description: page.description,
      offer: page.offer,
      appName: settings.appName,
      appIcon: settings.appIcon,
      ios: settings.ios,
      android: settings.android,
      tencentStoreUrl: settings.tencentStoreUrl,
      miniProgram: {
        name: settings.miniProgram.name,
        qrImage: settings.miniProgram.qrImage,
        jump: page.target !== undefined && ctx.product.wechatSchemes !== undefined,
      },
      updatedAt: Number(campaign.updated_at),
    });
  });

  route(scope, 'wechat.miniScheme', async (request) => {
    const now = clock.now();
    const minute = (Math.floor(now / 60_000) + 1) * 60_000;
    const budget = await hitCounter(db, `wechat.scheme:${clientAddress(request)}`, now, minute);
    if (budget.count > SCHEMES_PER_ADDRESS_PER_MINUTE) throw fail('tooManyRequests');
    const { settings, page } = await pageOf(request.body.page);
    if (!page.target) throw fail('miniProgramTargetUnknown');
    const schemes = ctx.product.wechatSchemes;
    if (!schemes) throw fail('miniProgramNotConfigured');
    const target = { ...page.target, envVersion: settings.miniProgram.envVersion };
    const key = `wechat.scheme:${JSON.stringify(target)}`;
    const cached = await readCache(db, key, now);
    if (cached) return ok(JSON.parse(cached) as { openlink: string; expiresAt: number });
    try {
      const minted = await schemes.mint(target, now);
      await writeCache(db, key, JSON.stringify(minted), now + SCHEME_SHARED_MS);
      return ok(minted);
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      request.log.warn({ err: error, errcode: error.errcode }, 'generatescheme failed');
      throw fail('miniProgramSchemeFailed');
    }
  });
}
