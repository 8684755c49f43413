// Every campaign page in the states it shares, page by page: logged out (the page or its login
// prompt, never a blank or an error), a campaign that has ended (each page says so, the award
// lists too), a call in flight (加载中) that then fails (加载失败 with a retry that loads the page),
// a sold-out coupon, and the empty lists of a new shopper. The pages' own
// flows are in campaigns-sign/raffle/password/coupon; this file keeps no page out of the states.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, campaignApi, openLoggedIn, openLoggedOut } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

const ADMIN_KEY = 'e2e-every-page-admin-key-0123456789';
const DAY = 24 * 3600_000;

/**
 * What a logged-out visitor meets on each page: its content or its login prompt; the four routes
 * the spec marks requireLogin send a browser visitor to the login page and back (inside WeChat
 * and Alipay they show the prompt, covered by the award pages' own tests).
 */
const LOGGED_OUT: [path: string, shows: (page: Page) => Promise<void>][] = [
  ['/activity/sign/index', (p) => p.getByRole('button', { name: /签到/ }).first().waitFor()],
  ['/activity/sign/award', (p) => toLogin(p, '/activity/sign/award')],
  [
    '/activity/sign/detail?campaign=sign&id=1',
    (p) => toLogin(p, '/activity/sign/detail?campaign=sign&id=1'),
  ],
  [
    '/activity/raffle/index',
    (p) =>
      p
        .getByText('即将开始')
        .or(p.getByRole('button', { name: /抽奖/ }))
        .first()
        .waitFor(),
  ],
  ['/activity/raffle/award', (p) => toLogin(p, '/activity/raffle/award')],
  ['/activity/password/index', (p) => p.getByRole('textbox', { name: '活动口令' }).waitFor()],
  ['/activity/password/award', (p) => toLogin(p, '/activity/password/award')],
  ['/activity/coupon/core', (p) => p.getByRole('article').first().waitFor()],
  ['/activity/coupon/use', (p) => loginButton(p)],
  ['/activity/coupon/cloudUse?id=1', (p) => loginButton(p)],
  ['/activity/coupon/poster', (p) => loginButton(p)],
  ['/activity/newuser/coupon', (p) => p.getByRole('button', { name: '登录领取' }).waitFor()],
];

const loginButton = (page: Page) => page.getByRole('button', { name: '立即登录' }).waitFor();

async function toLogin(page: Page, from: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/my/login');
  expect(new URL(page.url()).searchParams.get('loginFrom')).toBe(from);
}

/** Pages that show their campaign's window: every one of them must say it has ended. */
const ENDED = [
  '/activity/sign/index',
  '/activity/sign/award',
  '/activity/raffle/index',
  '/activity/raffle/award',
  '/activity/password/index',
  '/activity/password/award',
  '/activity/coupon/core',
  '/activity/coupon/poster',
  '/activity/newuser/coupon',
];

/** Each page with the call that loads it; aborting that call must give the failed state. */
const FAILING: [path: string, api: string][] = [
  ['/activity/sign/index', '/api/campaign/sign'],
  ['/activity/sign/award', '/api/campaign/sign/awards'],
  ['/activity/sign/detail?campaign=sign&id=1', '/api/campaign/sign/awards/1'],
  ['/activity/raffle/index', '/api/campaign/raffle'],
  ['/activity/raffle/award', '/api/campaign/raffle/awards'],
  ['/activity/password/index', '/api/campaign/password'],
  ['/activity/password/award', '/api/campaign/password/awards'],
  ['/activity/coupon/core', '/api/campaign/coupon/centre'],
  ['/activity/coupon/use', '/api/campaign/coupon/mine'],
  ['/activity/coupon/cloudUse?id=1', '/api/campaign/coupon/mine/1'],
  ['/activity/coupon/poster', '/api/campaign/coupon/poster'],
  ['/activity/newuser/coupon', '/api/campaign/coupon/newuser'],
  ['/activity/sendCoupon/index?shareCode=NOSUCHCODE1', '/api/campaign/coupon/gift'],
];

const shotName = (prefix: string, path: string) =>
  `${prefix}-${path.replace(/^\/activity\//, '').replace(/\?.*$/, '')}`;

describe('every campaign page', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows each page logged out, never blank or broken', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      for (const [path, shows] of LOGGED_OUT) {
        await page.goto(`${app.url}${path}`);
        await shows(page);
        await screenshot(page, shotName('campaign-logged-out', path));
        await expect(page.getByText('加载失败').count(), path).resolves.toBe(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows each page loading, then a retry when its call fails, and the retry loads it', async () => {
    const shopper = await openLoggedIn(app.url, '13800006001');
    try {
      for (const [path, api] of FAILING) {
        let fail = true;
        // The call is held until the page has shown its loading state, then fails.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        const matches = (url: URL) => url.pathname === api;
        await shopper.page.route(matches, async (route) => {
          if (!fail) return route.continue();
          await held;
          await route.abort('failed');
        });
        await shopper.page.goto(`${app.url}${path}`);
        await shopper.page.getByRole('status', { name: '加载中' }).first().waitFor();
        release();
        await shopper.page.getByText('加载失败').first().waitFor();
        if (path.startsWith('/activity/sign/award'))
          await screenshot(shopper.page, shotName('campaign-failed', path));
        fail = false;
        await shopper.page.getByRole('button', { name: '重新加载' }).first().click();
        await expect
          .poll(() => shopper.page.getByText('加载失败').count(), { message: path })
          .toBe(0);
        await shopper.page.unroute(matches);
      }
    } finally {
      await shopper.phone.close();
    }
  });

  it('shows a sold-out coupon as 已抢光 with nothing to claim', async () => {
    await adminApi(app.url, ADMIN_KEY, 'POST', 'coupon-templates/all-3-free/stock', {
      add: -2000,
    });
    const shopper = await openLoggedIn(app.url, '13800006003');
    try {
      await shopper.page.goto(`${app.url}/activity/coupon/core`);
      const card = shopper.page.getByRole('article', { name: '3元无门槛券' });
      await card.getByText('已抢光').waitFor();
      expect(await card.getByRole('button', { name: '立即领取' }).count()).toBe(0);
      await screenshot(shopper.page, 'campaign-coupon-core-sold-out');
      const claim = await campaignApi(app.url, shopper.token, 'POST', 'coupon/claim', {
        templateKey: 'all-3-free',
      });
      expect(claim.code).not.toBe(0);
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shows the empty raffle prizes and the empty coupon tabs to a new shopper', async () => {
    const shopper = await openLoggedIn(app.url, '13800006004');
    const { page } = shopper;
    try {
      await page.goto(`${app.url}/activity/raffle/award`);
      await page.getByText('暂无奖品').waitFor();
      await page.getByRole('button', { name: '去抽奖' }).waitFor();
      await screenshot(page, 'campaign-raffle-award-empty');
      await page.goto(`${app.url}/activity/coupon/use`);
      await page.getByText('暂无可用优惠券').waitFor();
      for (const [tab, empty] of <[string, string][]>[
        ['已使用', '暂无已使用的优惠券'],
        ['已过期', '暂无过期优惠券'],
      ]) {
        // The tabs carry their counts: 已使用(0).
        await page.getByRole('tab', { name: `${tab}(0)` }).click();
        await page.getByText(empty).waitFor();
      }
      await page.getByRole('tab', { name: '已过期', selected: true }).waitFor();
      await screenshot(page, 'campaign-coupon-use-empty');
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('says on every page with a campaign window that the campaign has ended', async () => {
    const shopper = await openLoggedIn(app.url, '13800006002');
    try {
      // A prize won while the campaign ran stays listed after it ends.
      expect((await campaignApi(app.url, shopper.token, 'POST', 'sign/today')).code).toBe(0);
      const sharer = await loginThroughApi(app.url, '13800006009');
      const { shareCode } = (
        await campaignApi<{ shareCode: string }>(app.url, sharer, 'GET', 'coupon/poster')
      ).data;
      const past = Date.now() - 2 * DAY;
      for (const id of ['sign', 'raffle', 'password', 'coupon'])
        await adminApi(app.url, ADMIN_KEY, 'PATCH', `campaigns/${id}`, {
          startsAt: past - 30 * DAY,
          endsAt: past,
        });
      for (const path of [...ENDED, `/activity/sendCoupon/index?shareCode=${shareCode}`]) {
        await shopper.page.goto(`${app.url}${path}`);
        await shopper.page
          .getByText(/活动已结束，感谢您的参与/)
          .first()
          .waitFor();
        await screenshot(shopper.page, shotName('campaign-ended', path));
      }
      // An ended raffle offers no chances and no sharing for more, and invites nobody to win.
      await shopper.page.goto(`${app.url}/activity/raffle/index`);
      await shopper.page.getByText('暂无中奖记录').waitFor();
      for (const gone of [
        shopper.page.getByText(/今日剩余抽奖机会/),
        shopper.page.getByRole('button', { name: '分享得机会' }),
        shopper.page.getByRole('button', { name: '分享', exact: true }),
      ]) {
        expect(await gone.count()).toBe(0);
      }
      // An ended campaign's poster hands nothing out: no poster, no share button.
      await shopper.page.goto(`${app.url}/activity/coupon/poster`);
      await shopper.page.getByText('活动期间才能生成分享海报').waitFor();
      for (const gone of [
        shopper.page.getByRole('img', { name: '分享海报' }),
        shopper.page.getByRole('button', { name: '分享链接给好友' }),
      ]) {
        expect(await gone.count()).toBe(0);
      }
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
