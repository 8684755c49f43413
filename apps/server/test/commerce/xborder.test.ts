// The cross-border shop on SQLite and PostgreSQL: the catalogue, categories and search (marked
// matches, suggestions when nothing matches), a product's detail with origin, tax and limits,
// and buy now: the server prices the order (a tampered total is refused), the per-order limit and
// the stock are decided here (two shoppers racing for the last pieces never both get them), a
// closed order gives its pieces back once, and a paid order is fulfilled once through the
// sandbox cashier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { runCommercePass } from '../../src/campaigns/commerce/index.ts';
import {
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Json,
  type Shopper,
} from '../campaigns/helpers.ts';
import { jobDeps, postNotify, sandboxNotify } from './helpers.ts';

const MINUTE = 60_000;

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`cross-border shop (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const get = async (path: string) => (await call(s!.url, 'GET', path)).body as Json;
    const buy = (shopper: Shopper, body: Json) =>
      call(s!.url, 'POST', '/api/commerce/xborder/orders', { ut: shopper.ut, body });
    const stockLeft = async (id: string) =>
      data(await call(s!.url, 'GET', `/api/commerce/xborder/products/${id}`)).product.stockLeft;

    it('shows the shop front, a category and a product with origin, tax and limits', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const home = (await get('/api/commerce/xborder/home')).data;
      expect(home.campaign).toMatchObject({ id: 'crossborder', state: 'running' });
      expect(home.categories.map((c: Json) => c.id)).toEqual([
        'biscuits',
        'candy',
        'chips',
        'nuts',
      ]);
      expect(home.products.length).toBe(10);
      expect(home.methods).toEqual([{ id: 'sandbox', name: '模拟支付（开发环境）' }]);
      // A product with no stock shows as sold out.
      expect(home.products.find((p: Json) => p.id === 'shrimp-crackers').soldOut).toBe(true);

      const chips = (await get('/api/commerce/xborder/products?category=chips')).data;
      expect(chips.products.map((p: Json) => p.id)).toEqual([
        'honey-butter-chips',
        'shrimp-crackers',
        'roasted-seaweed',
      ]);

      const detail = (await get('/api/commerce/xborder/products/macadamia')).data.product;
      expect(detail).toMatchObject({
        name: '奶油味夏威夷果',
        origin: '澳大利亚',
        price: 9800,
        priceText: '98.00',
        marketPriceText: '128.00',
        taxRate: 910,
        taxRateText: '9.1%',
        unitTax: 892,
        unitTaxText: '8.92',
        perOrderLimit: 2,
        stockLeft: 80,
        soldOut: false,
      });
      expect(detail.image).toBe('/api/campaign/assets/xb-macadamia.png');
      const image = await fetch(`${s.url}${detail.image}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');

      const missing = await get('/api/commerce/xborder/products/no-such-thing');
      expect(missing).toMatchObject({ code: 63100, message: '商品不存在或已下架' });
      const bad = await call(s.url, 'GET', '/api/commerce/xborder/products/DROP%20TABLE');
      expect(bad.body.code).toBe(10001);
    });

    it('searches every word, marks the matches, and suggests when nothing matches', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const found = (await get(`/api/commerce/xborder/products?q=${encodeURIComponent('抹茶')}`))
        .data;
      expect(found.products.map((p: Json) => p.id)).toEqual(['matcha-wafer']);
      expect(found.products[0].nameParts).toEqual([
        { text: '宇治', hit: false },
        { text: '抹茶', hit: true },
        { text: '夹心威化', hit: false },
      ]);
      expect(found.suggestions).toEqual({ words: [], products: [] });

      // Found by origin and keyword (case-insensitive), every word must match.
      const korea = (
        await get(`/api/commerce/xborder/products?q=${encodeURIComponent('韩国 CHIPS')}`)
      ).data;
      expect(korea.products.map((p: Json) => p.id)).toEqual(['honey-butter-chips']);

      const none = (await get(`/api/commerce/xborder/products?q=${encodeURIComponent('榴莲')}`))
        .data;
      expect(none.products).toEqual([]);
      expect(none.suggestions.words).toContain('抹茶');
      expect(none.suggestions.products.length).toBe(4);
      // Sold-out products are not suggested.
      expect(none.suggestions.products.some((p: Json) => p.soldOut)).toBe(false);

      const tooLong = await get(`/api/commerce/xborder/products?q=${'a'.repeat(31)}`);
      expect(tooLong.code).toBe(10001);
    });

    it('prices buy now on the server and refuses a tampered total, the limit, and no stock', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const anonymous = await call(s.url, 'POST', '/api/commerce/xborder/orders', {
        body: { productId: 'macadamia', quantity: 1, amount: 10692 },
      });
      expect(anonymous.body.code).toBe(-331007);

      // 2 × 98.00 = 196.00, tax 9.1% = 17.84: 213.84.
      const tampered = await buy(shopper, { productId: 'macadamia', quantity: 2, amount: 100 });
      expect(tampered.body).toMatchObject({ code: 63001, data: { amount: 21384 } });
      const over = await buy(shopper, { productId: 'macadamia', quantity: 3, amount: 32076 });
      expect(over.body).toMatchObject({
        code: 63101,
        message: '每单限购2件',
        data: { limit: 2 },
      });
      const soldOut = await buy(shopper, {
        productId: 'shrimp-crackers',
        quantity: 1,
        amount: 3262,
      });
      expect(soldOut.body).toMatchObject({ code: 63102, message: '商品已售罄', data: { left: 0 } });
      const unknown = await buy(shopper, { productId: 'durian', quantity: 1, amount: 100 });
      expect(unknown.body.code).toBe(63100);
      const zero = await buy(shopper, { productId: 'macadamia', quantity: 0, amount: 100 });
      expect(zero.body.code).toBe(10001);
      // Nothing refused took stock.
      expect(await stockLeft('macadamia')).toBe(80);

      const order = data(
        await buy(shopper, { productId: 'macadamia', quantity: 2, amount: 21384 }),
      );
      expect(order).toMatchObject({ amount: 21384, amountText: '213.84' });
      expect(await stockLeft('macadamia')).toBe(78);

      const viewed = data(
        await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
      );
      expect(viewed).toMatchObject({
        kind: 'xborder',
        state: 'created',
        cardNo: null,
        credit: null,
        goods: {
          productId: 'macadamia',
          quantity: 2,
          origin: '澳大利亚',
          priceText: '98.00',
          goodsText: '196.00',
          taxText: '17.84',
        },
      });

      // Paid once through the sandbox cashier, however many times the notify arrives.
      const notify = await sandboxNotify(s, shopper, order.orderNo);
      const replies = await Promise.all(Array.from({ length: 5 }, () => postNotify(s!, notify)));
      expect(new Set(replies.map((r) => r.body.code))).toEqual(new Set([0]));
      const paid = data(
        await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
      );
      expect(paid.state).toBe('fulfilled');
      expect(await stockLeft('macadamia')).toBe(78);
      const again = await call(s.url, 'POST', `/api/commerce/orders/${order.orderNo}/pay`, {
        ut: shopper.ut,
        body: { method: 'sandbox' },
      });
      expect(again.body.code).toBe(63003);
    });

    it('never sells the last pieces twice, and a closed order gives its pieces back once', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      // The seed has 3 bars of dark chocolate, at most 3 an order: ten shoppers race for 2 each.
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper(s!)));
      const answers = await Promise.all(
        shoppers.map((shopper) =>
          buy(shopper, { productId: 'dark-chocolate', quantity: 2, amount: 19420 }),
        ),
      );
      const codes = answers.map((a) => a.body.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === 63102)).toHaveLength(9);
      const refused = answers.find((a) => a.body.code === 63102)!;
      expect(refused.body).toMatchObject({ message: '库存不足，仅剩1件', data: { left: 1 } });
      expect(await stockLeft('dark-chocolate')).toBe(1);

      // The unpaid order times out: the job closes it and the two bars go back, once.
      const winner = answers.find((a) => a.body.code === 0)!.body.data;
      s.clock.advance(16 * MINUTE);
      const deps = await jobDeps(s);
      expect((await runCommercePass(deps)).closed).toBeGreaterThanOrEqual(1);
      await runCommercePass(deps);
      expect(await stockLeft('dark-chocolate')).toBe(3);
      const owner = shoppers[codes.indexOf(0)]!;
      const closed = await call(s.url, 'POST', `/api/commerce/orders/${winner.orderNo}/pay`, {
        ut: owner.ut,
        body: { method: 'sandbox' },
      });
      expect(closed.body.code).toBe(63002);
    });
  });
};

await onEachEngine(suite);
