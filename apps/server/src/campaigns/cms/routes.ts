// CMS pages (/activity/cmsPage/*): a page of configured blocks for the shopper's city. Blocks
// are resolved here so the page draws what it gets: rich text sanitised, coupon blocks as the
// coupon centre's templates with the shopper's state (claimed through `coupon.claim`), the
// countdown's end as epoch ms against the server's time.
import type { FastifyInstance } from 'fastify';
import { fail, ok, type DataOf } from '@morsel/api';
import { route } from '../../api/index.ts';
import { optionalUser, type CampaignContext } from '../context.ts';
import { centreCoupons } from '../coupon/centre-coupons.ts';
import { COUPON_CAMPAIGN } from '../coupon/centre-routes.ts';
import { findCampaign, parseSettings, publicCampaign, requireCampaign } from '../kernel/window.ts';
import { instantMs } from '../schemas.ts';
import { claimableTemplates } from '../store/coupon-templates.ts';
import { sanitizeRichText } from './sanitize.ts';
import type { CmsBlockConfig, CmsSettings } from './settings.ts';

export const CMS_CAMPAIGN = 'cms';

type Block = DataOf<'cms.page'>['blocks'][number];

/** The configured city of `code`, else the default (a shared link from a city not configured). */
export function cityOf(settings: CmsSettings, code: string | undefined) {
  return (
    settings.cities.find((c) => c.code === code) ??
    settings.cities.find((c) => c.code === settings.defaultCity)!
  );
}

export function registerCmsRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'cms.cities', async () => {
    const campaign = await requireCampaign(db, CMS_CAMPAIGN);
    const settings = parseSettings<CmsSettings>(campaign);
    return ok({ cities: settings.cities, defaultCity: settings.defaultCity });
  });

  route(scope, 'cms.page', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, CMS_CAMPAIGN);
    const settings = parseSettings<CmsSettings>(campaign);
    const id = request.params.page;
    const page = Object.hasOwn(settings.pages, id) ? settings.pages[id] : undefined;
    if (!page || page.enabled === false) throw fail('cmsPageNotFound');
    const city = cityOf(settings, request.query.city);
    const user = await optionalUser(ctx, request);
    const shown = page.blocks.filter((b) => !b.cities || b.cities.includes(city.code));

    // One read of the coupon centre for every coupon block of the page.
    const wanted = shown.flatMap((b) => (b.type === 'coupons' ? b.templates : []));
    const couponCampaign = wanted.length > 0 ? await findCampaign(db, COUPON_CAMPAIGN) : undefined;
    const templates = couponCampaign ? await claimableTemplates(db, COUPON_CAMPAIGN) : [];
    const coupons = await centreCoupons(
      db,
      user,
      templates.filter((t) => wanted.includes(t.template_key)),
    );
    const byKey = new Map(coupons.map((c) => [c.templateKey, c]));

    const resolve = (block: CmsBlockConfig): Block => {
      switch (block.type) {
        case 'banner':
          return {
            type: 'banner',
            items: block.items.map((i) => ({ image: i.image, alt: i.alt, link: i.link ?? '' })),
          };
        case 'coupons':
          return {
            type: 'coupons',
            title: block.title,
            // A template the centre no longer offers is left out rather than shown unclaimable.
            coupons: block.templates.flatMap((key) => byKey.get(key) ?? []),
          };
        case 'products':
          return {
            type: 'products',
            title: block.title,
            columns: block.columns ?? 2,
            items: block.items.map((i) => ({
              name: i.name,
              image: i.image,
              price: i.price,
              originalPrice: i.originalPrice ?? null,
              tag: i.tag ?? '',
              link: i.link ?? '',
            })),
          };
        case 'richText':
          return { type: 'richText', html: sanitizeRichText(block.html) };
        case 'countdown':
          return {
            type: 'countdown',
            title: block.title,
            endsAt: instantMs(block.endsAt),
            endedText: block.endedText ?? '活动已结束',
          };
      }
    };

    return ok({
      campaign: publicCampaign(campaign, now),
      id,
      title: page.title,
      background: page.background ?? '#f5f5f5',
      city,
      byCity: page.blocks.some((b) => b.cities !== undefined),
      loggedIn: user !== undefined,
      blocks: shown.map(resolve).filter((b) => b.type !== 'coupons' || b.coupons.length > 0),
    });
  });
}
