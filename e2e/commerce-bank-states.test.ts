// The bank card pages in the states every page has: loading then failed (加载失败 with a retry
// that loads the page), logged out inside WeChat (where the route guard lets visitors in: a login
// prompt), another shopper's or a malformed order number (无法查看 with a way back), and the
// campaign ended (the page says so and offers no top-up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { collectPageErrors, openPhone, screenshot } from './harness/browser.ts';
import { adminApi, openAs } from './campaigns-support.ts';
import { installWechatSdkStandIn, loginThroughApi, USER_AGENTS } from './shell-support.ts';

const ADMIN_KEY = 'e2e-bank-states-admin-key-0123456789';
const DAY = 86_400_000;

describe('bank card page states', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the recharge page loading, then a retry when its call fails', async () => {
    const shopper = await openAs(app.url, await loginThroughApi(app.url, '13800007001'));
    try {
      const { page, errors } = shopper;
      let fail = true;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const matches = (url: URL) => url.pathname === '/api/commerce/bank/card';
      await page.route(matches, async (route) => {
        if (!fail) return route.continue();
        await held;
        await route.abort('failed');
      });
      await page.goto(`${app.url}/activity/bank/recharge`);
      await page.getByRole('status', { name: '加载中' }).first().waitFor();
      release();
      await page.getByText('加载失败').waitFor();
      await screenshot(page, 'bank-recharge-failed-390');
      fail = false;
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('region', { name: '我的储值卡' }).waitFor();
      // The failed load was the aborted request, which Chromium reports on the console.
      expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('asks a visitor inside WeChat to log in', async () => {
    const phone = await openPhone({ userAgent: USER_AGENTS.wechat });
    // WeChat's JS-SDK script comes from WeChat's host, not ours: a stand-in answers it.
    await installWechatSdkStandIn(phone.context);
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/bank/recharge2?bank_channel=boc`);
      await page.getByRole('button', { name: '立即登录' }).waitFor();
      await page.getByText('登录后为储值卡充值').waitFor();
      await screenshot(page, 'bank-recharge-logged-out-wechat-390');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it("refuses another shopper's order and a malformed number with a way back", async () => {
    const owner = await loginThroughApi(app.url, '13800007002');
    const made = await fetch(`${app.url}/api/commerce/bank/orders`, {
      method: 'POST',
      headers: { ut: owner, 'content-type': 'application/json' },
      body: JSON.stringify({ optionId: '100', amount: 10000 }),
    }).then((r) => r.json() as Promise<{ data: { orderNo: string } }>);
    const stranger = await openAs(app.url, await loginThroughApi(app.url, '13800007003'));
    try {
      const { page, errors } = stranger;
      await page.goto(`${app.url}/activity/bank/pay?orderNo=${made.data.orderNo}`);
      await page.getByText('无法查看').waitFor();
      await page.getByText('订单不存在').waitFor();
      await page.getByRole('link', { name: '返回充值' }).waitFor();
      await screenshot(page, 'bank-cashier-not-found-390');
      await page.goto(`${app.url}/activity/bank/success?orderNo=12345`);
      await page.getByText('订单号不正确').waitFor();
      await page.getByRole('link', { name: '返回充值' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/bank/recharge');
      expect(errors).toEqual([]);
    } finally {
      await stranger.phone.close();
    }
  });

  it('says when the top-up campaign has ended and offers no top-up', async () => {
    const past = Date.now() - 2 * DAY;
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/bank', {
      startsAt: past - 30 * DAY,
      endsAt: past,
    });
    const shopper = await openAs(app.url, await loginThroughApi(app.url, '13800007004'));
    try {
      const { page, errors } = shopper;
      await page.goto(`${app.url}/activity/bank/recharge`);
      await page.getByText(/活动已结束，感谢您的参与/).waitFor();
      expect(await page.getByRole('button', { name: '活动已结束' }).isDisabled()).toBe(true);
      await screenshot(page, 'bank-recharge-ended-390');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
