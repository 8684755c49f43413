// CMS pages and store stations over real HTTP on both engines: the seeded pages by city, rich
// text sanitised whatever an operator stores, coupon blocks claimed through the coupon centre,
// unknown pages; stores nearest first from a position, by city without one, paged and limited
// per address; one store's code; the map configuration only with a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { admin, call, data, newShopper, onEachEngine, startCampaignServer } from './helpers.ts';

const PAGE = '/api/campaign/cms/pages';
const STORES = '/api/campaign/station/stores';
type Block = { type: string; [k: string]: unknown };
type Store = { id: string; distance: number | null; cityCode: string };
/** The shopper stands at People's Square, Shanghai. */
const PEOPLE_SQUARE = 'lat=31.2336&lng=121.4752';

await onEachEngine((engine, engineConfig, cleanup) => {
  describe(`CMS pages and stations (${engine})`, () => {
    let s: ProductTestServer;
    beforeAll(async () => {
      s = await startCampaignServer(await engineConfig());
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('answers a page with the blocks of the chosen city, and the default city without one', async () => {
      const shanghai = data(await call(s.url, 'GET', `${PAGE}/index`));
      expect(shanghai.city).toEqual({ code: '310100', name: '上海' });
      expect(shanghai.byCity).toBe(true);
      expect(shanghai.blocks.map((b: Block) => b.type)).toEqual([
        'banner',
        'countdown',
        'coupons',
        'products',
        'richText',
      ]);
      const products = (city: { blocks: Block[] }) =>
        city.blocks.find((b) => b.type === 'products') as unknown as { title: string };
      expect(products(shanghai).title).toBe('上海门店热卖');
      const hangzhou = data(await call(s.url, 'GET', `${PAGE}/index?city=330100`));
      expect(hangzhou.city.name).toBe('杭州');
      expect(products(hangzhou).title).toBe('杭州门店热卖');
      // A city nobody configured (an old shared link) reads as the default.
      const elsewhere = data(await call(s.url, 'GET', `${PAGE}/index?city=110100`));
      expect(elsewhere.city.code).toBe('310100');
      const countdown = shanghai.blocks.find((b: Block) => b.type === 'countdown');
      expect(countdown.endsAt).toBe(Date.parse('2027-01-31T23:59:59+08:00'));
    });

    it('says 63300 for a page that does not exist, and 10001 for a malformed id or city', async () => {
      expect((await call(s.url, 'GET', `${PAGE}/nope`)).body.code).toBe(63300);
      expect((await call(s.url, 'GET', `${PAGE}/..%2Fx`)).body.code).toBe(10001);
      expect((await call(s.url, 'GET', `${PAGE}/index?city=shanghai`)).body.code).toBe(10001);
      expect((await call(s.url, 'GET', `${PAGE}/constructor`)).body.code).toBe(63300);
    });

    it('shows coupon blocks with the shopper’s state, claimed through the coupon centre', async () => {
      const shopper = await newShopper(s);
      const coupons = async () =>
        data(await call(s.url, 'GET', `${PAGE}/appCoupon`, { ut: shopper.ut })).blocks.find(
          (b: Block) => b.type === 'coupons',
        ).coupons as { templateKey: string; state: string; claimedByMe: number }[];
      const before = await coupons();
      expect(before.map((c) => c.templateKey)).toEqual([
        'all-3-free',
        'nuts-5-off',
        'biscuit-6-off-49',
        'drink-5-off-30',
      ]);
      expect(before.every((c) => c.state === 'claimable')).toBe(true);
      const claim = await call(s.url, 'POST', '/api/campaign/coupon/claim', {
        ut: shopper.ut,
        body: { templateKey: 'nuts-5-off' },
      });
      expect(claim.body.code).toBe(0);
      const after = await coupons();
      // Two a shopper for this one: claimed once, still claimable.
      expect(after.find((c) => c.templateKey === 'nuts-5-off')).toMatchObject({
        claimedByMe: 1,
        state: 'claimable',
      });
      await call(s.url, 'POST', '/api/campaign/coupon/claim', {
        ut: shopper.ut,
        body: { templateKey: 'nuts-5-off' },
      });
      expect((await coupons()).find((c) => c.templateKey === 'nuts-5-off')?.state).toBe('claimed');
      const visitor = data(await call(s.url, 'GET', `${PAGE}/appCoupon`));
      expect(visitor.loggedIn).toBe(false);
    });

    it('sanitises rich text an operator stores, and refuses settings that do not hold together', async () => {
      const current = data(await admin(s.url, 'GET', '/admin/api/campaigns/cms'));
      const hostile =
        '<p onclick="steal()">好<script>alert(1)</script>吃</p><img src="x" onerror="alert(2)">' +
        '<img src="https://cdn.morsel.example.com/a.png" alt="图"><a href="javascript:alert(3)">点我</a>' +
        '<a href="/activity/coupon/core">领券</a><a href="https://shop.morsel.example.com/x">商城</a><iframe src="https://evil.example.com"></iframe>' +
        '<style>body{display:none}</style><span style="position:fixed;color:#c4360f">红</span>';
      const settings = {
        ...current.settings,
        pages: {
          ...current.settings.pages,
          promo: { title: '测试页', blocks: [{ type: 'richText', html: hostile }] },
          off: { title: '下线页', enabled: false, blocks: [] },
        },
      };
      expect(
        (await admin(s.url, 'PATCH', '/admin/api/campaigns/cms', { settings })).body.code,
      ).toBe(0);
      const html = data(await call(s.url, 'GET', `${PAGE}/promo`)).blocks[0].html as string;
      expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|<style|position/i);
      expect(html).toContain('<p>好吃</p>');
      expect(html).toContain('src="https://cdn.morsel.example.com/a.png"');
      expect(html).toContain('<a href="/activity/coupon/core">领券</a>');
      expect(html).toContain(
        '<a href="https://shop.morsel.example.com/x" rel="noopener noreferrer" target="_blank">商城</a>',
      );
      expect(html).toContain('<span style="color:#c4360f">红</span>');
      expect((await call(s.url, 'GET', `${PAGE}/off`)).body.code).toBe(63300);

      const offSite = {
        ...settings,
        pages: {
          x: {
            title: 'x',
            blocks: [{ type: 'banner', items: [{ image: '//evil.example.com/a.png', alt: 'a' }] }],
          },
        },
      };
      expect(
        (await admin(s.url, 'PATCH', '/admin/api/campaigns/cms', { settings: offSite })).body.code,
      ).toBe(61003);

      const stray = {
        ...settings,
        pages: { x: { title: 'x', blocks: [{ type: 'richText', html: 'a', cities: ['110100'] }] } },
      };
      const refused = await admin(s.url, 'PATCH', '/admin/api/campaigns/cms', { settings: stray });
      expect(refused.body.code).toBe(61003);
      expect(refused.body.message).toMatch(/110100/);
    });

    it('lists stores nearest first from a position, with distances in metres, closed stores left out', async () => {
      const near = data(await call(s.url, 'GET', `${STORES}?${PEOPLE_SQUARE}`));
      expect(near.by).toBe('distance');
      expect(near.stores[0].id).toBe('sh-renmin');
      expect(near.stores[0].distance).toBeLessThan(500);
      const distances = near.stores.map((st: Store) => st.distance as number);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(near.stores).toHaveLength(10);
      expect(near.total).toBe(16);
      expect(near.hasMore).toBe(true);
      const second = data(await call(s.url, 'GET', `${STORES}?${PEOPLE_SQUARE}&page=2`));
      expect(second.stores).toHaveLength(6);
      expect(second.hasMore).toBe(false);
      const all = [...near.stores, ...second.stores].map((st: Store) => st.id);
      expect(new Set(all).size).toBe(16);
      expect(all).not.toContain('sh-closed');
      // Hangzhou's and Nanjing's stores are over 150 km away and come last.
      expect(second.stores.at(-1).distance).toBeGreaterThan(150_000);
    });

    it('lists a city’s stores without a position, and refuses a half or impossible position', async () => {
      const hz = data(await call(s.url, 'GET', `${STORES}?city=330100`));
      expect(hz).toMatchObject({ by: 'city', city: { code: '330100', name: '杭州' }, total: 3 });
      expect(hz.stores.every((st: Store) => st.cityCode === '330100' && st.distance === null)).toBe(
        true,
      );
      const wuhan = data(await call(s.url, 'GET', `${STORES}?city=420100`));
      expect(wuhan).toMatchObject({ total: 0, stores: [], hasMore: false });
      expect((await call(s.url, 'GET', `${STORES}?lat=31.2`)).body.code).toBe(63401);
      expect((await call(s.url, 'GET', `${STORES}?lat=95&lng=121`)).body.code).toBe(63401);
      expect((await call(s.url, 'GET', `${STORES}?lat=abc&lng=121`)).body.code).toBe(10001);
      expect((await call(s.url, 'GET', `${STORES}?city=330100&pageSize=500`)).body.code).toBe(
        10001,
      );
    });

    it('answers one store with the path its code opens, and 63400 for an unknown or closed one', async () => {
      const one = data(await call(s.url, 'GET', `${STORES}/sh-jingan`));
      expect(one.store).toMatchObject({
        name: 'Morsel 静安寺店',
        cityName: '上海',
        code: 'SH0001',
      });
      expect(one.codePath).toBe('/activity/download/outdoor?storeCode=SH0001');
      expect((await call(s.url, 'GET', `${STORES}/nope`)).body.code).toBe(63400);
      expect((await call(s.url, 'GET', `${STORES}/sh-closed`)).body.code).toBe(63400);
    });

    it('takes store changes from an operator, and refuses stores that do not hold together', async () => {
      const current = data(await admin(s.url, 'GET', '/admin/api/campaigns/station'));
      type StoreConfig = { id: string; closed?: boolean; cityCode: string };
      const stores = current.settings.stores as StoreConfig[];
      const closing = {
        ...current.settings,
        stores: stores.map((st) => (st.id === 'nj-hunan' ? { ...st, closed: true } : st)),
      };
      expect(
        (await admin(s.url, 'PATCH', '/admin/api/campaigns/station', { settings: closing })).body
          .code,
      ).toBe(0);
      const nanjing = data(await call(s.url, 'GET', `${STORES}?city=320100`));
      expect(nanjing.stores.map((st: Store) => st.id)).toEqual(['nj-xinjiekou']);
      expect((await call(s.url, 'GET', `${STORES}/nj-hunan`)).body.code).toBe(63400);

      const twice = { ...current.settings, stores: [...stores, stores[0]] };
      const refused = await admin(s.url, 'PATCH', '/admin/api/campaigns/station', {
        settings: twice,
      });
      expect(refused.body.code).toBe(61003);
      expect(refused.body.message).toMatch(
        /门店编号 id \S+ 重复；settings\.stores 门店代码 code \S+ 重复/,
      );
      const nowhere = {
        ...current.settings,
        stores: [{ ...stores[0], id: 'x-1', code: 'XX0001', cityCode: '110100' }],
      };
      expect(
        (await admin(s.url, 'PATCH', '/admin/api/campaigns/station', { settings: nowhere })).body
          .code,
      ).toBe(61003);
      // Put the seed back for the tests after this one.
      expect(
        (
          await admin(s.url, 'PATCH', '/admin/api/campaigns/station', {
            settings: current.settings,
          })
        ).body.code,
      ).toBe(0);
    });

    it('has no map without a key', async () => {
      const info = data(await call(s.url, 'GET', '/api/campaign/station'));
      expect(info.map).toBeNull();
      expect(info.officialAccount.name).toBe('Morsel零食');
      const page = await fetch(`${s.url}/api/campaign/station`);
      expect(page.headers.get('content-security-policy')).not.toMatch(/amap/);
    });

    it('limits store lists per address: 60 a minute', async () => {
      s.clock.advance(60_000);
      for (let i = 0; i < 60; i++) {
        expect((await call(s.url, 'GET', `${STORES}?city=330100`)).body.code).toBe(0);
      }
      expect((await call(s.url, 'GET', `${STORES}?city=330100`)).body.code).toBe(10004);
      s.clock.advance(60_000);
      expect((await call(s.url, 'GET', `${STORES}?city=330100`)).body.code).toBe(0);
    });
  });
});

describe('stations with a map key', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer({
      mapKey: 'devmapkey0123456789',
      mapSecurityCode: 'sec0123456789',
    });
  });
  afterAll(() => s?.stop());

  it('hand the page the loader of version 2.0 with the geolocation plugin, and allow it in the policy', async () => {
    const info = data(await call(s.url, 'GET', '/api/campaign/station'));
    expect(info.map).toEqual({
      key: 'devmapkey0123456789',
      loaderUrl:
        'https://webapi.amap.com/maps?v=2.0&key=devmapkey0123456789&plugin=AMap.Geolocation',
      securityCode: 'sec0123456789',
    });
    const csp = (await fetch(`${s.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /script-src 'self'[^;]* https:\/\/webapi\.amap\.com https:\/\/\*\.amap\.com/,
    );
    expect(csp).toMatch(/worker-src 'self' blob:/);
  });
});
