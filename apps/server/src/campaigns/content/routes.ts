// Content pages (/activity/giftStory/index, /topic/detail, /baike/baike, /external/chinaNet,
// /nbcb/index): each is a campaign of kind `content` whose settings hold its blocks; a partner
// zone also owns coupon templates (its campaign's), claimed with the coupon centre's rules
// (kernel/coupons.ts: per-user limit and stock in one transaction) into "我的优惠券".
import type { FastifyInstance } from 'fastify';
import { fail, ok, type DataOf } from '@morsel/api';
import { route } from '../../api/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { readCounters } from '../kernel/counters.ts';
import { findTemplate, issueCoupon, publicCoupon, publicTemplate } from '../kernel/coupons.ts';
import {
  findCampaign,
  parseSettings,
  publicCampaign,
  requireRunning,
  type Campaign,
} from '../kernel/window.ts';
import { claimableTemplates } from '../store/coupon-templates.ts';
import type { ContentBlock, ContentSettings } from './settings.ts';

export const CONTENT_KIND = 'content';
// The app's own brand colour (apps/web global.css).
const DEFAULT_THEME = '#c4360f';

type PageBlock = DataOf<'content.page'>['blocks'][number];
type PageCouponState = DataOf<'content.page'>['coupons'][number]['state'];

/** A block as the page gets it: every optional field present. */
function publicBlock(block: ContentBlock): PageBlock {
  switch (block.type) {
    case 'image':
      return { ...block, caption: block.caption ?? '' };
    case 'quote':
      return { ...block, by: block.by ?? '' };
    case 'entries':
      return {
        type: 'entries',
        title: block.title ?? '',
        items: block.items.map((i) => ({ ...i, tags: i.tags ?? [] })),
      };
    case 'products':
      return {
        type: 'products',
        title: block.title ?? '',
        items: block.items.map((i) => ({ ...i, note: i.note ?? '' })),
      };
    case 'coupons':
      return { type: 'coupons', title: block.title ?? '专属优惠券' };
    default:
      return block;
  }
}

const limitKey = (templateKey: string, uid: number) => `coupon:${templateKey}:${uid}`;

export function registerContentRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  /** A content page, or 64200 (also for a campaign of another kind: its id is no page). */
  const requirePage = async (id: string): Promise<Campaign> => {
    const campaign = await findCampaign(db, id);
    if (!campaign || campaign.kind !== CONTENT_KIND) throw fail('contentPageNotFound');
    return campaign;
  };

  route(scope, 'content.page', async (request) => {
    const now = clock.now();
    const campaign = await requirePage(request.params.page);
    const settings = parseSettings<ContentSettings>(campaign);
    const user = await optionalUser(ctx, request);
    const templates = await claimableTemplates(db, campaign.id);
    const claimed = user
      ? await readCounters(
          db,
          templates.map((t) => limitKey(t.template_key, userId(user))),
        )
      : new Map<string, number>();
    return ok({
      campaign: publicCampaign(campaign, now),
      loggedIn: user !== undefined,
      theme: settings.theme ?? DEFAULT_THEME,
      blocks: settings.blocks.map(publicBlock),
      coupons: templates.map((t) => {
        const mine = user ? (claimed.get(limitKey(t.template_key, userId(user))) ?? 0) : 0;
        const soldOut = t.stock !== null && Number(t.stock) <= 0;
        const state: PageCouponState =
          mine >= Number(t.per_user_limit) ? 'claimed' : soldOut ? 'sold_out' : 'claimable';
        return {
          ...publicTemplate(t),
          perUserLimit: Number(t.per_user_limit),
          claimedByMe: mine,
          soldOut,
          state,
        };
      }),
    });
  });

  route(scope, 'content.claim', async (request) => {
    const now = clock.now();
    const campaign = await requirePage(request.params.page);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const template = await findTemplate(db, request.body.templateKey);
    // Only this page's own claimable coupons: another zone's or the centre's are not claimed here.
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
}
