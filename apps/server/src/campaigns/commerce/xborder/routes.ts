// The cross-border shop (/activity/crossBorder/*, /activity/wechat_pass/crossborder*): the shop
// front, a category's shelf, search, a product's detail, and buy now. Buy now is priced here —
// price × quantity plus the cross-border tax — and the total the page showed must equal it
// (63001), so a tampered request never makes a cheaper order; the per-order limit (63101) and the
// stock (63102, one conditional update) are decided here too. The order is paid at the cashier
// (orders.pay) like every order of the kernel.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../../api/index.ts';
import { currentUser, userId } from '../../context.ts';
import {
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
  type Campaign,
} from '../../kernel/window.ts';
import type { CommerceContext } from '../context.ts';
import { yuan } from '../money.ts';
import { createOrder } from '../orders.ts';
import { returnStock, soldCounts, takeStock } from '../store/stock.ts';
import { matches, nameParts, onShelf, priceOf, searchWords, taxOf } from './catalogue.ts';
import type { XborderProduct, XborderSettings } from './settings.ts';

export const XBORDER_CAMPAIGN = 'crossborder';
/** Products suggested when a search finds nothing. */
const SUGGESTED = 4;

function rateText(rate: number): string {
  return `${(rate / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

function card(product: XborderProduct, sold: number, words: readonly string[]) {
  return {
    id: product.id,
    categoryId: product.categoryId,
    name: product.name,
    nameParts: nameParts(product.name, words),
    brand: product.brand,
    origin: product.origin,
    spec: product.spec,
    image: product.image,
    price: product.price,
    priceText: yuan(product.price),
    marketPriceText: product.marketPrice > product.price ? yuan(product.marketPrice) : '',
    soldOut: sold >= product.stock,
  };
}

export function registerXborderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const { db, clock } = ctx.campaigns.product;
  const methods = () => [...ctx.providers.values()].map((p) => ({ id: p.method, name: p.title }));

  async function shop(): Promise<{
    campaign: Campaign;
    settings: XborderSettings;
    sold: Map<string, number>;
  }> {
    const campaign = await requireCampaign(db, XBORDER_CAMPAIGN);
    const settings = parseSettings<XborderSettings>(campaign);
    return { campaign, settings, sold: await soldCounts(db, campaign.id) };
  }

  route(scope, 'xborder.home', async () => {
    const now = clock.now();
    const { campaign, settings, sold } = await shop();
    return ok({
      campaign: publicCampaign(campaign, now),
      categories: settings.categories,
      hotWords: settings.hotWords,
      products: onShelf(settings).map((p) => card(p, sold.get(p.id) ?? 0, [])),
      methods: methods(),
    });
  });

  route(scope, 'xborder.products', async (request) => {
    const { settings, sold } = await shop();
    const words = searchWords(request.query.q ?? '');
    const category = request.query.category;
    const found = onShelf(settings).filter(
      (p) => (!category || p.categoryId === category) && matches(settings, p, words),
    );
    const searched = words.length > 0;
    const suggest = searched && found.length === 0;
    return ok({
      products: found.map((p) => card(p, sold.get(p.id) ?? 0, words)),
      suggestions: {
        words: suggest ? settings.hotWords : [],
        products: suggest
          ? onShelf(settings)
              .filter((p) => (sold.get(p.id) ?? 0) < p.stock)
              .slice(0, SUGGESTED)
              .map((p) => card(p, sold.get(p.id) ?? 0, []))
          : [],
      },
    });
  });

  route(scope, 'xborder.product', async (request) => {
    const now = clock.now();
    const { campaign, settings, sold } = await shop();
    const product = onShelf(settings).find((p) => p.id === request.params.productId);
    if (!product) throw fail('productNotFound');
    const held = sold.get(product.id) ?? 0;
    const unitTax = taxOf(product.price, product.taxRate);
    return ok({
      campaign: publicCampaign(campaign, now),
      product: {
        ...card(product, held, []),
        description: product.description,
        taxRate: product.taxRate,
        taxRateText: rateText(product.taxRate),
        unitTax,
        unitTaxText: yuan(unitTax),
        perOrderLimit: product.perOrderLimit,
        stockLeft: Math.max(0, product.stock - held),
      },
      methods: methods(),
    });
  });

  route(scope, 'xborder.order', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, XBORDER_CAMPAIGN);
    const user = await currentUser(ctx.campaigns, request);
    requireRunning(campaign, now);
    const settings = parseSettings<XborderSettings>(campaign);
    const product = onShelf(settings).find((p) => p.id === request.body.productId);
    if (!product) throw fail('productNotFound');
    const quantity = Number(request.body.quantity);
    if (quantity > product.perOrderLimit)
      throw fail('purchaseLimitExceeded', {
        message: `每单限购${product.perOrderLimit}件`,
        data: { limit: product.perOrderLimit },
      });
    const price = priceOf(product, quantity);
    if (Number(request.body.amount) !== price.total)
      throw fail('orderAmountChanged', { data: { amount: price.total } });
    const key = { campaignId: campaign.id, productId: product.id };
    if (!(await takeStock(db, key, quantity, product.stock, now))) {
      const left = Math.max(
        0,
        product.stock - ((await soldCounts(db, campaign.id)).get(product.id) ?? 0),
      );
      throw fail('outOfStock', {
        message: left > 0 ? `库存不足，仅剩${left}件` : '商品已售罄',
        data: { left },
      });
    }
    try {
      const order = await createOrder(db, {
        userId: userId(user),
        kind: 'xborder',
        subject: `${product.name}×${quantity}`,
        amount: price.total,
        channel: null,
        detail: {
          campaignId: campaign.id,
          productId: product.id,
          name: product.name,
          image: product.image,
          origin: product.origin,
          quantity,
          price: product.price,
          goods: price.goods,
          tax: price.tax,
        },
        now,
        expiresAt: now + settings.orderMinutes * 60_000,
      });
      return ok({
        orderNo: order.order_no,
        amount: Number(order.amount),
        amountText: yuan(Number(order.amount)),
      });
    } catch (error) {
      // No order was made: the pieces go back on sale.
      await returnStock(db, key, quantity, now);
      throw error;
    }
  });
}
