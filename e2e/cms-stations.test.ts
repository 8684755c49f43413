// CMS pages and store stations in a phone browser (issue 21): a page of blocks for the shopper's
// city, switching city, claiming a coupon block, the not-found and failed states; nearby stores
// by the browser's location (granted through Playwright), the city fallback when location is
// denied, the map loader asked for only when a key is configured (intercepted: no network),
// the share and follow pages, and a store's code page.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { expectLoginAsked, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

/** People's Square, Shanghai: the 人民广场店 is a few hundred metres away. */
const PEOPLE_SQUARE = { latitude: 31.2336, longitude: 121.4752 };
const MAP_KEY = 'e2emapkey0123456789';
const MAP_LOADER = 'https://webapi.amap.com/maps';

/** Requests for the maps service's scripts a page made. */
function mapRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(MAP_LOADER)) seen.push(r);
  });
  return seen;
}

async function located(page: Page, base: string): Promise<void> {
  await page.context().grantPermissions(['geolocation'], { origin: base });
  await page.context().setGeolocation(PEOPLE_SQUARE);
}

describe('CMS pages', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the page for the default city, switches city, and asks for login to claim', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/cmsPage/index`);
      await page.getByRole('heading', { name: '秋冬零食节' }).waitFor();
      await page.getByRole('img', { name: '秋冬零食节 坚果满199减20' }).waitFor();
      await page.getByRole('timer').waitFor();
      await page.getByRole('region', { name: '上海门店热卖' }).getByText('¥99.00').waitFor();
      await page.getByRole('heading', { name: '活动说明' }).waitFor();
      await screenshot(page, 'cms-index-shanghai');
      // A same-site link in the rich text opens in the app: no reload (the marker survives).
      await page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
      await page.getByRole('link', { name: '查找附近门店 ›' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/station/index');
      expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(
        true,
      );
      await page.goBack();
      await page.getByRole('heading', { name: '秋冬零食节' }).waitFor();

      await page.getByRole('link', { name: /当前城市上海/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/cmsPage/chooseCity');
      await page.getByRole('button', { name: /上海/ }).waitFor();
      await screenshot(page, 'cms-choose-city');
      await page.getByRole('button', { name: '杭州' }).click();
      await page.waitForURL((url) => url.searchParams.get('city') === '330100');
      await page.getByRole('region', { name: '杭州门店热卖' }).waitFor();
      expect(await page.getByRole('region', { name: '上海门店热卖' }).count()).toBe(0);
      // The choice is kept: the page without a city opens on it.
      await page.goto(`${app.url}/activity/cmsPage/index`);
      await page.getByRole('link', { name: /当前城市杭州/ }).waitFor();
      await screenshot(page, 'cms-index-hangzhou');

      await page
        .getByRole('region', { name: '专享好券' })
        .getByRole('button', { name: '立即领取' })
        .first()
        .click();
      await expectLoginAsked(page, '/activity/cmsPage/index');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('claims a coupon of a block as the coupon centre does, and shows coupons alone on appCouponOnly', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800002101');
    try {
      await page.goto(`${app.url}/activity/cmsPage/appCoupon`);
      const block = page.getByRole('region', { name: 'App专享券' });
      const card = block.getByRole('article', { name: '3元无门槛券' });
      await card.waitFor();
      await card.getByRole('button', { name: '立即领取' }).click();
      await page.getByRole('dialog', { name: '领取成功' }).waitFor();
      await screenshot(page, 'cms-app-coupon-claimed');
      await page.keyboard.press('Escape');
      await card.getByText('已领取').waitFor();
      await card.getByRole('link', { name: '去使用' }).waitFor();

      await page.goto(`${app.url}/activity/cmsPage/appCouponOnly`);
      await page.getByRole('region', { name: 'App专享券' }).waitFor();
      expect(await page.getByRole('region', { name: '活动图片' }).count()).toBe(0);
      await screenshot(page, 'cms-app-coupon-only');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('says clearly when a page does not exist, and offers a retry when loading fails', async () => {
    const { phone, page } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/cmsPage/index?id=no-such-page`);
      await page.getByText('页面不存在或已下线').waitFor();
      await page.getByText('无法查看').waitFor();
      await page.getByRole('link', { name: '去领券中心看看' }).waitFor();
      await screenshot(page, 'cms-not-found');

      let fail = true;
      await page.route('**/api/campaign/cms/pages/**', (route) =>
        fail ? route.abort() : route.continue(),
      );
      await page.goto(`${app.url}/activity/cmsPage/index`);
      await page.getByRole('button', { name: '重新加载' }).waitFor();
      await screenshot(page, 'cms-failed');
      fail = false;
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('heading', { name: '秋冬零食节' }).waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe('store stations', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists stores nearest first from the browser’s location, with no map script without a key', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await located(page, app.url);
      const maps = mapRequests(page);
      await page.goto(`${app.url}/activity/station/index`);
      const list = page.getByRole('region', { name: '门店列表' });
      const first = list.getByRole('listitem').first();
      await first.getByText('离你最近').waitFor();
      await expect.poll(() => first.getAttribute('aria-label')).toBe('Morsel 人民广场店');
      await page.getByText('已按距离由近到远排序').waitFor();
      await list.getByText('共 16 家门店').waitFor();
      expect(await list.getByRole('listitem').count()).toBe(10);
      expect(await page.getByRole('region', { name: '门店地图' }).count()).toBe(0);
      await screenshot(page, 'station-nearby');
      await page.getByRole('button', { name: '加载更多' }).click();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(16);
      expect(await page.getByRole('button', { name: '加载更多' }).count()).toBe(0);
      expect(maps).toEqual([]);

      await first.getByRole('link', { name: /门店码/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/singleStoreAndCode');
      await page.getByRole('img', { name: 'Morsel 人民广场店门店专属码' }).waitFor();
      await page.getByText('门店编号 SH0002').waitFor();
      await screenshot(page, 'station-store-code');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('falls back to a city when location is denied, and says when a city has no store', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      // No permission granted: the browser denies the page's request.
      await page.goto(`${app.url}/activity/station/index`);
      await page.getByText('未获得定位权限，已为你展示上海的门店').waitFor();
      const list = page.getByRole('region', { name: '门店列表' });
      await list.getByText('共 11 家门店').waitFor();
      await screenshot(page, 'station-denied');
      await page.getByRole('button', { name: '杭州' }).click();
      await list.getByText('共 3 家门店').waitFor();
      await list.getByRole('listitem', { name: 'Morsel 武林广场店' }).waitFor();
      await page.getByRole('button', { name: '武汉' }).click();
      await list.getByText('武汉暂无门店').waitFor();
      await screenshot(page, 'station-city-empty');

      // The list failing to load says so and loads again on 重新加载.
      let fail = true;
      await page.route('**/api/campaign/station/stores?**', (route) =>
        fail ? route.abort() : route.continue(),
      );
      await page.getByRole('button', { name: '南京' }).click();
      await list.getByRole('button', { name: '重新加载' }).waitFor();
      await screenshot(page, 'station-list-failed');
      fail = false;
      await list.getByRole('button', { name: '重新加载' }).click();
      await list.getByRole('listitem', { name: 'Morsel 新街口店' }).waitFor();
      // Only the aborted request's own console line.
      expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows the share page, the official account, and a clear state for an unknown store', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await located(page, app.url);
      await page.goto(`${app.url}/activity/station/shareIndex`);
      await page.getByRole('heading', { name: '附近的 Morsel 零食门店' }).waitFor();
      await page.getByRole('heading', { name: '离你最近的门店' }).waitFor();
      await expect
        .poll(() => page.getByRole('region', { name: '附近门店' }).getByRole('listitem').count())
        .toBe(3);
      await screenshot(page, 'station-share');

      await page.goto(`${app.url}/activity/station/publicNo`);
      await page.getByRole('img', { name: 'Morsel零食公众号二维码' }).waitFor();
      await page.getByText('截图保存二维码，在微信中扫一扫关注').waitFor();
      await page.getByText('关注即送5元无门槛券').waitFor();
      await screenshot(page, 'station-public-no');

      await page.goto(`${app.url}/activity/singleStoreAndCode?id=no-such-store`);
      await page.getByText('门店不存在或已停业').waitFor();
      await page.getByRole('link', { name: '查看附近门店' }).waitFor();
      await screenshot(page, 'station-store-not-found');
      await page.goto(`${app.url}/activity/singleStoreAndCode`);
      await page.getByText('门店不存在或已停业').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('store stations with a map key', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, mapKey: MAP_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('asks for the configured loader (v2.0, the key, the geolocation plugin) and draws the stores on the map', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await located(page, app.url);
      const maps = mapRequests(page);
      // Stands in for the maps service: records what the page does with its API.
      await page.route(`${MAP_LOADER}**`, (route) =>
        route.fulfill({
          contentType: 'application/javascript',
          body: `window.__map = { markers: [], controls: 0 };
            window.AMap = {
              Map: function (el, opts) {
                window.__map.center = opts.center;
                el.style.background = '#dfe8ef';
                this.add = function (m) { window.__map.markers.push.apply(window.__map.markers, m); };
                this.addControl = function () { window.__map.controls++; };
                this.setFitView = function () {};
                this.destroy = function () {};
              },
              Marker: function (o) { this.title = o.title; this.on = function () {}; },
              Geolocation: function () {},
            };`,
        }),
      );
      await page.goto(`${app.url}/activity/station/index`);
      await page.getByRole('region', { name: '门店地图' }).waitFor();
      await expect
        .poll(() =>
          page.evaluate(
            () => (window as unknown as { __map?: { markers: unknown[] } }).__map?.markers.length,
          ),
        )
        .toBe(10);
      expect(
        await page.evaluate(
          () => (window as unknown as { __map: { controls: number } }).__map.controls,
        ),
      ).toBe(1);
      const url = new URL(maps[0]!.url());
      expect(`${url.origin}${url.pathname}`).toBe(MAP_LOADER);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        v: '2.0',
        key: MAP_KEY,
        plugin: 'AMap.Geolocation',
      });
      expect(maps).toHaveLength(1);
      await screenshot(page, 'station-map');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('keeps the list when the map fails to load', async () => {
    const { phone, page } = await openLoggedOut();
    try {
      await located(page, app.url);
      await page.route(`${MAP_LOADER}**`, (route) => route.abort());
      await page.goto(`${app.url}/activity/station/index`);
      await page.getByText('地图加载失败，可在下方列表查看门店').waitFor();
      await page.getByRole('region', { name: '门店列表' }).getByText('共 16 家门店').waitFor();
    } finally {
      await phone.close();
    }
  });
});
