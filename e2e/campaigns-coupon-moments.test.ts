// The coupon and hub moments of issue 28, as a shopper meets them in a phone browser: a claim,
// the new-user pack, a friend's gift and a typed password tapped logged out complete once login
// returns, each in the reward popup with the real expiry; my coupons count their tabs and warn of
// coupons running out (the window is the operator's data), the whole card opens the coupon, and
// its code page turns to 已核销 when the till redeems it; online use previews the discount and
// refuses what is not an amount or under the threshold; the hub sums up points, prizes and
// coupons, and one 我的奖品 lists the prizes of every campaign. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCode, startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import {
  adminApi,
  campaignApi,
  expectLoginOpened,
  openLoggedIn,
  openLoggedOut,
} from './campaigns-support.ts';
import { latestSmsCode, loginThroughApi } from './shell-support.ts';

const ADMIN_KEY = 'e2e-coupon-moments-admin-key-0123';

/** Screenshots at the iPhone's 390 px and at 320 px (the smallest phone still sold). */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

/** Logs in on the login page (SMS code, consent) and waits to be back on `back`. */
async function loginOnPage(page: Page, base: string, mobile: string, back: string) {
  await page.waitForURL((url) => url.pathname === '/my/login');
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: '60s后重发' }).waitFor();
  await page.getByRole('textbox', { name: '短信验证码' }).fill(await latestSmsCode(base, mobile));
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL((url) => url.pathname === back);
}

/** The date the pages print for an epoch, in the phone's own time zone. */
function dotDay(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
  }, ms);
}

interface MyCoupon {
  id: number;
  name: string;
  expiresAt: number;
  code?: string;
}

describe('coupon and hub moments', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({
      webDist: WEB_DIST,
      adminKey: ADMIN_KEY,
      // Several shoppers log in through the page from 127.0.0.1.
      smsDailyLimitPerAddress: 1000,
      smsImageCaptchaAfterPerAddress: 1000,
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('completes a coupon claim tapped logged out, showing the real expiry', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/coupon/core`);
      const card = page.getByRole('article', { name: '全场满99减10元' });
      await card.getByRole('button', { name: '立即领取' }).click();
      await page.getByRole('dialog').getByText('请先登录').waitFor();
      await page.getByRole('button', { name: '去登录' }).click();
      await loginOnPage(page, app.url, '13800007001', '/activity/coupon/core');

      const popup = page.getByRole('dialog', { name: '领取成功' });
      await popup.getByText('全场满99减10元').waitFor();
      // The expiry the popup prints is the coupon's own, as the server issued it.
      const cookies = await phone.context.cookies(app.url);
      const ut = cookies.find((c) => c.name === 'ut')?.value ?? '';
      const [mine] = (await campaignApi<MyCoupon[]>(app.url, ut, 'GET', 'coupon/mine')).data;
      expect(mine?.name).toBe('全场满99减10元');
      await popup.getByText(`有效期至 ${await dotDay(page, mine!.expiresAt)}`).waitFor();
      await bothWidths(page, 'moment-coupon-claim-resumed');
      await popup.getByRole('link', { name: '去使用' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/activity/coupon/use' && url.searchParams.has('id'),
      );
      await page.getByRole('img', { name: '二维码' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('completes the new-user pack, a friend’s gift and a typed password after login', async () => {
    const sharer = await loginThroughApi(app.url, '13800007002');
    const shareCode = (
      await campaignApi<{ shareCode: string }>(app.url, sharer, 'GET', 'coupon/poster')
    ).data.shareCode;
    const { phone, page, errors } = await openLoggedOut();
    try {
      // 登录领取 goes straight to login; the pack is claimed when it returns.
      await page.goto(`${app.url}/activity/newuser/coupon`);
      await page.getByRole('button', { name: '登录领取' }).click();
      await expectLoginOpened(page, '/activity/newuser/coupon');
      await loginOnPage(page, app.url, '13800007003', '/activity/newuser/coupon');
      const pack = page.getByRole('dialog', { name: '领取成功' });
      await pack.getByText('3张优惠券 共¥38.00').waitFor();
      await pack
        .getByRole('list', { name: '领到的优惠券' })
        .getByText(/^新人满19减5元，有效期至 \d{4}\.\d{2}\.\d{2}$/)
        .waitFor();
      await bothWidths(page, 'moment-coupon-newuser-resumed');
      await pack.getByRole('button', { name: '继续' }).click();
      await page.getByRole('link', { name: '已领取，去使用' }).waitFor();

      // A second phone, logged out, opens the friend's gift.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${app.url}/activity/sendCoupon/index?shareCode=${shareCode}`);
      await page.getByRole('button', { name: '登录领取' }).click();
      await loginOnPage(page, app.url, '13800007004', '/activity/sendCoupon/index');
      const gift = page.getByRole('dialog', { name: '领取成功' });
      await gift.getByText('好友赠券 满39减8元').waitFor();
      await gift.getByText(/^有效期至 \d{4}\.\d{2}\.\d{2}$/).waitFor();
      await bothWidths(page, 'moment-coupon-gift-resumed');
      await gift.getByRole('button', { name: '继续' }).click();
      await page.getByRole('link', { name: '已领取，去使用' }).waitFor();

      // The password typed logged out is redeemed when login returns.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${app.url}/activity/password/index`);
      await page.getByRole('textbox', { name: '活动口令' }).fill(demoCode(app, 'MORSEL2026'));
      await page.getByRole('button', { name: '立即兑换' }).click();
      await page.getByRole('button', { name: '去登录' }).click();
      await loginOnPage(page, app.url, '13800007005', '/activity/password/index');
      const won = page.getByRole('dialog', { name: '恭喜获得' });
      await won.getByText('+88 积分').waitFor();
      await bothWidths(page, 'moment-password-resumed');
      await won.getByRole('button', { name: '继续' }).click();
      await page.getByRole('alert').getByText('恭喜获得「88积分」').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('counts the tabs, warns of coupons running out and follows the code to 已核销', async () => {
    const shopper = await openLoggedIn(app.url, '13800007006');
    const { page, errors, token } = shopper;
    try {
      for (const templateKey of ['all-10-off-99', 'all-3-free'])
        await campaignApi(app.url, token, 'POST', 'coupon/claim', { templateKey });
      const used = await campaignApi<MyCoupon>(app.url, token, 'POST', 'coupon/claim', {
        templateKey: 'drink-5-off-30',
      });
      const usedCode = (
        await campaignApi<MyCoupon>(app.url, token, 'GET', `coupon/mine/${used.data.id}`)
      ).data.code!;
      await adminApi(app.url, ADMIN_KEY, 'POST', 'coupons/redeem', { code: usedCode });

      await page.goto(`${app.url}/activity/coupon/use`);
      await page.getByText('未使用(2)', { exact: true }).waitFor();
      await page.getByText('已使用(1)', { exact: true }).waitFor();
      await page.getByText('已过期(0)', { exact: true }).waitFor();
      // 30- and 7-day coupons are not running out under the default 3-day window.
      expect(await page.getByText('即将过期').count()).toBe(0);

      // The operator widens the window to 30 days: both now read 即将过期.
      const settings = await fetch(`${app.url}/admin/api/campaigns/coupon`, {
        headers: { 'x-admin-key': ADMIN_KEY },
      }).then(async (r) => ((await r.json()) as { data: { settings: object } }).data.settings);
      await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/coupon', {
        settings: { ...settings, expiryWarningDays: 30 },
      });
      await page.reload();
      await page.getByRole('note').getByText('2张优惠券将在30天内过期，记得尽快使用').waitFor();
      expect(await page.getByText('即将过期', { exact: true }).count()).toBe(2);
      await bothWidths(page, 'moment-coupon-mine-counts');

      // The whole card opens the coupon: a tap on its validity line (where the finger lands, the
      // card's link is on top, so the tap is the mouse's, not a click on the line's element).
      const card = page.getByRole('article', { name: '全场满99减10元' });
      const line = (await card.getByText(/^\d{4}\.\d{2}\.\d{2} - /).boundingBox())!;
      await page.mouse.click(line.x + 10, line.y + line.height / 2);
      await page.waitForURL(
        (url) => url.pathname === '/activity/coupon/use' && url.searchParams.has('id'),
      );
      const id = new URL(page.url()).searchParams.get('id');
      await page.getByRole('img', { name: '二维码' }).waitFor();
      const code = (await page.getByLabel('券码数字').textContent())!.replace(/\s/g, '');
      await bothWidths(page, 'moment-coupon-code');

      // The till scans it: the page the shopper holds up turns to 已核销 by itself.
      await adminApi(app.url, ADMIN_KEY, 'POST', 'coupons/redeem', { code });
      await page.getByRole('status').getByText('已核销').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('id')).toBe(id);
      await bothWidths(page, 'moment-coupon-redeemed');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('previews the online discount and takes only amounts', async () => {
    const shopper = await openLoggedIn(app.url, '13800007007');
    const { page, errors, token } = shopper;
    try {
      const coupon = await campaignApi<MyCoupon>(app.url, token, 'POST', 'coupon/claim', {
        templateKey: 'all-10-off-99',
      });
      await page.goto(`${app.url}/activity/coupon/cloudUse?id=${coupon.data.id}`);
      const amount = page.getByRole('textbox', { name: '订单金额' });
      await amount.pressSequentially('9a8.456');
      await expect.poll(() => amount.inputValue()).toBe('98.45');
      await page.getByText('还差 ¥0.55 可用此券').waitFor();
      expect(await page.getByRole('button', { name: '使用优惠券' }).isDisabled()).toBe(true);
      await bothWidths(page, 'moment-coupon-online-below');
      await amount.fill('');
      await amount.pressSequentially('128.5');
      const preview = page.getByLabel('优惠预览');
      await preview.getByText('¥10.00').waitFor();
      await preview.getByText('¥118.50').waitFor();
      await bothWidths(page, 'moment-coupon-online-preview');
      await page.getByRole('button', { name: '使用优惠券' }).click();
      await page
        .getByText('订单金额 ¥128.50，优惠 ¥10.00，实付 ¥118.50', { exact: false })
        .waitFor();
      await bothWidths(page, 'moment-coupon-online-confirm');
      await page.getByRole('button', { name: '确认使用' }).click();
      await page.getByRole('status', { name: '使用结果' }).getByText('¥118.50').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('sums up the shopper on the hub and lists the prizes of every campaign', async () => {
    const visitor = await openLoggedOut();
    try {
      await visitor.page.goto(`${app.url}/`);
      const summary = visitor.page.getByRole('region', { name: '我的资产' });
      await summary.getByText('登录查看我的积分、奖品和优惠券').waitFor();
      expect(await summary.getByText('0', { exact: true }).count()).toBe(3);
      await bothWidths(visitor.page, 'moment-hub-logged-out');
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.phone.close();
    }

    const shopper = await openLoggedIn(app.url, '13800007008');
    const { page, errors, token } = shopper;
    try {
      // Nothing won yet: an empty 我的奖品 with the ways to win and the way back.
      await page.goto(`${app.url}/my/prizes`);
      await page.getByText('暂无奖品').waitFor();
      await page
        .getByRole('navigation', { name: '去赢奖品' })
        .getByRole('link', { name: '去抽奖' })
        .waitFor();
      await page.getByRole('link', { name: '返回活动中心' }).waitFor();
      await bothWidths(page, 'moment-my-prizes-empty');

      await campaignApi(app.url, token, 'POST', 'password/redeem', {
        password: demoCode(app, 'MORSEL2026'),
      });
      await campaignApi(app.url, token, 'POST', 'sign/today', {});
      await campaignApi(app.url, token, 'POST', 'coupon/claim', { templateKey: 'all-10-off-99' });

      await page.goto(`${app.url}/`);
      const summary = page.getByRole('region', { name: '我的资产' });
      await summary.getByRole('link', { name: /^1\s*我的奖品$/ }).waitFor();
      await summary.getByRole('link', { name: /^1\s*优惠券$/ }).waitFor();
      const points = await summary.getByRole('link', { name: /积分$/ }).textContent();
      expect(Number(points!.replace('积分', ''))).toBeGreaterThan(88);
      await bothWidths(page, 'moment-hub');

      await summary.getByRole('link', { name: /我的奖品$/ }).click();
      await page.waitForURL((url) => url.pathname === '/my/prizes');
      await page.getByText('积分 · 口令兑换').waitFor();
      await bothWidths(page, 'moment-my-prizes');
      await page.getByRole('link', { name: '88积分 详情' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/activity/sign/detail' &&
          url.searchParams.get('campaign') === 'password',
      );
      await page.getByText('88积分').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
