// The cross-border shop in the browser at 390 and 320 px: a visitor browses the shop front, a
// category (a sold-out product marked), search (matches marked; suggestions when nothing
// matches) and a product's origin, tax and limits; buying asks for login and comes back to the
// sheet, which stops at the per-order limit and totals goods and tax as the server does; the
// sandbox cashier pays and the page shows the order's outcome. Then the states: a failed load
// with its retry, an unknown product, a sold-out one, and an unpaid order that closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManualClock,
  runCommerceJob,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { collectPageErrors, openPhone, screenshot } from './harness/browser.ts';
import { openAs } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

describe('cross-border shop', () => {
  let app: TestServer;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST }, { clock });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('browses, searches, logs in to buy, stops at the limit and pays at 390 px', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/crossBorder/index`);
      await expect.poll(() => page.title()).toBe('跨境馆');
      await page.getByRole('heading', { name: '跨境馆' }).waitFor();
      const picks = page.getByRole('list', { name: '全球精选' });
      await picks.getByRole('link', { name: /澳大利亚.*奶油味夏威夷果.*¥98\.00/ }).waitFor();
      await page.waitForFunction(() =>
        [...document.images].every((img) => img.complete && img.naturalWidth > 0),
      );
      await screenshot(page, 'xborder-index-390');

      await page
        .getByRole('navigation', { name: '商品分类' })
        .getByRole('link', { name: '膨化薯片' })
        .click();
      await page.waitForURL((url) => url.pathname === '/activity/crossBorder/categoryPage');
      await expect.poll(() => page.title()).toBe('商品分类');
      await page.getByRole('heading', { name: '膨化薯片' }).waitFor();
      await page.getByRole('link', { name: /已售罄.*鲜虾味膨化虾条/ }).waitFor();
      await screenshot(page, 'xborder-category-390');
      await page.getByRole('button', { name: '坚果果干' }).click();
      await page.getByRole('link', { name: /宿务芒果干/ }).waitFor();

      await page.goto(`${app.url}/activity/crossBorder/search`);
      await page.getByRole('button', { name: '抹茶' }).waitFor();
      await screenshot(page, 'xborder-search-hot-390');
      await page.getByRole('searchbox', { name: '搜索商品' }).fill('抹茶');
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      await page.getByText('找到 1 件相关商品').waitFor();
      await expect.poll(() => page.locator('mark').allTextContents()).toEqual(['抹茶']);
      await screenshot(page, 'xborder-search-found-390');
      await page.getByRole('searchbox', { name: '搜索商品' }).fill('榴莲');
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      await page.getByText('没有找到“榴莲”相关的商品').waitFor();
      await page.getByRole('list', { name: '为你推荐' }).waitFor();
      await screenshot(page, 'xborder-search-none-390');
      // A suggested word searches again.
      await page
        .getByRole('region', { name: '试试这些' })
        .getByRole('button', { name: '芒果干' })
        .click();
      await page.getByRole('link', { name: /宿务芒果干/ }).click();

      await page.waitForURL((url) => url.pathname === '/activity/crossBorder/detail');
      await page.getByRole('heading', { name: /宿务芒果干/ }).waitFor();
      await page.goto(`${app.url}/activity/crossBorder/detail?id=macadamia`);
      await expect.poll(() => page.title()).toBe('商品详情');
      await page.getByText('每单限购2件').waitFor();
      await page.getByText('税费 ¥8.92/件').waitFor();
      await page.getByText('剩余80件').waitFor();
      await screenshot(page, 'xborder-detail-390');

      // Logged out: buying asks for login, and login comes back to the sheet.
      await page.getByRole('button', { name: '立即购买' }).click();
      await page.getByRole('dialog').getByText('登录后即可购买跨境好物').waitFor();
      await page.getByRole('button', { name: '去登录' }).click();
      await page.waitForURL((url) => url.pathname === '/my/login');
      const back = new URL(page.url()).searchParams.get('loginFrom');
      expect(back).toBe('/activity/crossBorder/detail?id=macadamia');
      const token = await loginThroughApi(app.url, '13800009001');
      await phone.context.addCookies([{ name: 'ut', value: token, url: app.url }]);
      await page.goto(`${app.url}${back}`);
      const sheet = page.getByRole('dialog', { name: '立即购买' });
      await sheet.waitFor();
      await sheet.getByRole('button', { name: '增加数量' }).click();
      await expect
        .poll(() => sheet.getByRole('button', { name: '增加数量' }).isDisabled())
        .toBe(true);
      await sheet.getByText('已达每单限购数量，如需更多请分次下单').waitFor();
      // 2 × 98.00 + 9.1% tax (17.84) = 213.84.
      await sheet.getByText('¥17.84').waitFor();
      await screenshot(page, 'xborder-buy-sheet-390');
      await sheet.getByRole('button', { name: '提交订单 ¥213.84' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: '模拟支付' });
      await confirm.getByText('确认支付 ¥213.84').waitFor();
      await confirm.getByRole('button', { name: '确认付款' }).click();

      const outcome = page.getByRole('status', { name: '订单结果' });
      await outcome.getByText('支付成功').waitFor();
      await outcome.getByText('奶油味夏威夷果 ×2').waitFor();
      expect(new URL(page.url()).searchParams.get('orderNo')).toMatch(/^\d{20}$/);
      await page.getByText('剩余78件').waitFor();
      await screenshot(page, 'xborder-paid-390');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows a product and its sold-out and unknown states at 320 px', async () => {
    const phone = await openPhone({ device: 'iPhone SE' });
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      expect(page.viewportSize()?.width).toBe(320);
      await page.goto(`${app.url}/activity/wechat_pass/crossborderDetail?id=shrimp-crackers`);
      await page.getByRole('heading', { name: /鲜虾味膨化虾条/ }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: '已售罄' }).isDisabled()).toBe(true);
      await screenshot(page, 'xborder-detail-soldout-320');
      await page.getByRole('link', { name: '跨境馆' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/wechat_pass/crossborderIndex');
      await page.getByRole('list', { name: '全球精选' }).waitFor();
      await screenshot(page, 'xborder-pass-index-320');

      await page.goto(`${app.url}/activity/crossBorder/detail?id=durian`);
      await page.getByText('商品不存在或已下架').waitFor();
      await page.getByRole('link', { name: '返回跨境馆' }).waitFor();
      await screenshot(page, 'xborder-detail-unknown-320');
      await page.goto(`${app.url}/activity/crossBorder/detail`);
      await page.getByText('商品链接不正确，请从跨境馆重新进入').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows the shop loading, then a retry when its call fails', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      let fail = true;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/commerce/xborder/home',
        async (route) => {
          if (!fail) return route.continue();
          await held;
          await route.abort('failed');
        },
      );
      await page.goto(`${app.url}/activity/crossBorder/index`);
      await page.getByRole('status', { name: '加载中' }).first().waitFor();
      await screenshot(page, 'xborder-index-loading-390');
      release();
      await page.getByText('加载失败').waitFor();
      await screenshot(page, 'xborder-index-failed-390');
      fail = false;
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('list', { name: '全球精选' }).waitFor();
      expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('says an unpaid order closed, and its pieces are back on sale', async () => {
    const token = await loginThroughApi(app.url, '13800009002');
    const made = await fetch(`${app.url}/api/commerce/xborder/orders`, {
      method: 'POST',
      headers: { ut: token, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'dark-chocolate', quantity: 3, amount: 29130 }),
    }).then((r) => r.json() as Promise<{ code: number; data: { orderNo: string } }>);
    expect(made.code).toBe(0);
    const shopper = await openAs(app.url, token);
    try {
      const { page, errors } = shopper;
      await page.goto(`${app.url}/activity/crossBorder/detail?id=dark-chocolate`);
      await expect.poll(() => page.getByRole('button', { name: '已售罄' }).isDisabled()).toBe(true);
      clock.advance(16 * 60_000);
      await runCommerceJob(app.server, () => clock.now());
      await page.goto(
        `${app.url}/activity/crossBorder/detail?id=dark-chocolate&orderNo=${made.data.orderNo}`,
      );
      const outcome = page.getByRole('status', { name: '订单结果' });
      await outcome.getByText('订单已关闭').waitFor();
      await page.getByText('剩余3件').waitFor();
      await page.getByRole('button', { name: '立即购买' }).waitFor();
      await screenshot(page, 'xborder-order-closed-390');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
