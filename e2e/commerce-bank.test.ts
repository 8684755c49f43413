// The bank card top-up in the browser at 390 and 320 px, through the sandbox cashier: a bank's
// shopper arrives logged out with ?bank_channel=abc, logs in, and the channel (kept in the
// bank_channel cookie across login) gives its bonus; the cashier counts down, the sandbox asks
// for a confirmation and posts the signed notify; the result page polls the order to 充值成功 and
// the card shows the new balance. An order left unpaid closes and the pages say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ManualClock,
  runCommerceJob,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { openPhone, collectPageErrors, screenshot } from './harness/browser.ts';
import { openAs } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

async function topUp(page: Page, base: string, width: number): Promise<void> {
  await page.goto(`${base}/activity/bank/recharge`);
  await expect.poll(() => page.title()).toBe('储值卡充值');
  const card = page.getByRole('region', { name: '我的储值卡' });
  await card.getByText('0.00').waitFor();
  await card.getByText('农业银行专享').waitFor();
  await page.getByRole('radio', { name: /¥100\.00/ }).click();
  await page.getByText('农业银行专享 赠5.00元').waitFor();
  await screenshot(page, `bank-recharge-${width}`);
  await page.getByRole('button', { name: '立即充值 ¥100.00' }).click();

  await page.waitForURL((url) => url.pathname === '/activity/bank/pay');
  await expect.poll(() => page.title()).toBe('收银台');
  await page.getByText('需支付').waitFor();
  await page
    .getByRole('timer')
    .getByText(/请在 1[45]:\d\d 内完成支付/)
    .waitFor();
  await page.getByRole('radio', { name: '模拟支付（开发环境）' }).waitFor();
  await screenshot(page, `bank-cashier-${width}`);
  await page.getByRole('button', { name: '确认支付 ¥100.00' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('模拟支付').first().waitFor();
  await screenshot(page, `bank-cashier-confirm-${width}`);
  await dialog.getByRole('button', { name: '确认付款' }).click();

  await page.waitForURL((url) => url.pathname === '/activity/bank/success');
  await expect.poll(() => page.title()).toBe('交易结果');
  await page.getByRole('heading', { name: '充值成功' }).waitFor();
  await page.getByText('¥105.00 已存入您的储值卡').waitFor();
  await page.getByText('农业银行', { exact: true }).waitFor();
  await screenshot(page, `bank-success-${width}`);
  await page.getByRole('link', { name: '完成' }).click();
  await page.getByRole('region', { name: '我的储值卡' }).getByText('105.00').waitFor();
}

describe('bank card top-up', () => {
  let app: TestServer;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST }, { clock });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps the bank channel across login and tops the card up at 390 px', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/bank/recharge?bank_channel=abc`);
      await page.waitForURL((url) => url.pathname === '/my/login');
      expect(new URL(page.url()).searchParams.get('loginFrom')).toBe(
        '/activity/bank/recharge?bank_channel=abc',
      );
      const cookies = await phone.context.cookies(app.url);
      expect(cookies.find((c) => c.name === 'bank_channel')?.value).toBe('abc');
      // Logged in (the login flow itself is login.test.ts'), the channel comes from the cookie.
      const token = await loginThroughApi(app.url, '13800005001');
      await phone.context.addCookies([{ name: 'ut', value: token, url: app.url }]);
      await topUp(page, app.url, 390);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('tops the card up at 320 px', async () => {
    const phone = await openPhone({ device: 'iPhone SE' });
    try {
      await phone.context.addCookies([
        { name: 'ut', value: await loginThroughApi(app.url, '13800005002'), url: app.url },
        { name: 'bank_channel', value: 'abc', url: app.url },
      ]);
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      expect(page.viewportSize()?.width).toBe(320);
      await topUp(page, app.url, 320);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows an unpaid order closing at the cashier and on the result page', async () => {
    const token = await loginThroughApi(app.url, '13800005003');
    const made = await fetch(`${app.url}/api/commerce/bank/orders`, {
      method: 'POST',
      headers: { ut: token, 'content-type': 'application/json' },
      body: JSON.stringify({ optionId: '50', amount: 5000 }),
    }).then((r) => r.json() as Promise<{ data: { orderNo: string } }>);
    const orderNo = made.data.orderNo;
    const shopper = await openAs(app.url, token);
    try {
      const { page, errors } = shopper;
      clock.advance(15 * 60_000);
      await page.goto(`${app.url}/activity/bank/pay?orderNo=${orderNo}`);
      await page.getByText('订单已超时，请重新下单').waitFor();
      await page.getByRole('link', { name: '重新下单' }).waitFor();
      await screenshot(page, 'bank-cashier-expired-390');

      await runCommerceJob(app.server, () => clock.now());
      await page.goto(`${app.url}/activity/bank/success?orderNo=${orderNo}`);
      await page.getByRole('heading', { name: '订单已关闭' }).waitFor();
      await page.getByRole('link', { name: '重新充值' }).waitFor();
      await screenshot(page, 'bank-result-closed-390');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
