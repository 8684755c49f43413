// The password prize in the browser: logged out (login asked on redeeming), a wrong, a right, a
// repeated, an expired and a used-up password, each with its own message, the prize in my prizes, and the
// rate limit after too many attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { demoCode, startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import {
  adminApi,
  campaignApi,
  expectLoginAsked,
  openLoggedIn,
  openLoggedOut,
} from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

const ADMIN_KEY = 'e2e-password-admin-key-0123456789';

async function enter(page: Page, password: string): Promise<void> {
  await page.getByRole('textbox', { name: '活动口令' }).fill(password);
  // A shopper types between two attempts; the page ignores a second tap within 500 ms (spec
  // section 9), which a test typing instantly would otherwise hit.
  await page.waitForTimeout(550);
  await page.getByRole('button', { name: '立即兑换' }).click();
}

describe('password pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    // A one-use password another shopper has already won.
    await adminApi(app.url, ADMIN_KEY, 'PUT', 'campaigns/password/passwords/限量一份', {
      prize: 'package-points',
      startsAt: Date.now() - 86_400_000,
      endsAt: Date.now() + 30 * 86_400_000,
      useLimit: 1,
    });
    const first = await loginThroughApi(app.url, '13800003999');
    const won = await campaignApi(app.url, first, 'POST', 'password/redeem', {
      password: '限量一份',
    });
    expect(won.code).toBe(0);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the prizes logged out and asks for login on redeeming', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/password/index`);
      await expect.poll(() => page.title()).toBe('口令有奖');
      await page.getByRole('heading', { name: '输口令 赢零食' }).waitFor();
      await page.getByRole('region', { name: '口令奖品' }).getByText('88积分').waitFor();
      await screenshot(page, 'campaign-password-logged-out');
      await enter(page, demoCode(app, 'MORSEL2026'));
      await expectLoginAsked(page, '/activity/password/index');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('tells wrong, right, repeated, expired and used-up passwords apart and lists the prize', async () => {
    const shopper = await openLoggedIn(app.url, '13800003001');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/password/index`);
      await enter(page, '零食节不快乐');
      const alert = page.getByRole('alert');
      await alert.getByText('口令不正确', { exact: true }).waitFor();
      await alert.getByText('口令不正确，请核对后再试').waitFor();
      await screenshot(page, 'campaign-password-wrong');

      // The seed's MORSEL2026 is a label; this install generated its own password. Spaces and
      // case do not matter.
      const points = demoCode(app, 'MORSEL2026');
      await enter(page, `${points.slice(0, 4).toLowerCase()} ${points.slice(4)}`);
      await alert.getByText('兑换成功').waitFor();
      await alert.getByText('恭喜获得「88积分」').waitFor();
      const popup = page.getByRole('dialog', { name: '恭喜获得' });
      await popup.getByText('+88 积分').waitFor();
      await screenshot(page, 'campaign-password-right');
      await popup.getByRole('button', { name: '继续' }).click();

      await enter(page, demoCode(app, 'MORSEL2026'));
      await alert.getByText('已经兑换过啦').waitFor();
      await alert.getByText('您已经使用过该口令了').waitFor();

      await enter(page, demoCode(app, '年货节快乐'));
      await alert.getByText('口令已过期', { exact: true }).waitFor();
      await screenshot(page, 'campaign-password-expired');

      await enter(page, '限量一份');
      await alert.getByText('奖品已领完', { exact: true }).waitFor();
      await screenshot(page, 'campaign-password-used-up');

      await page.getByRole('link', { name: /查看我的奖品/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/password/award');
      await page.getByText('88积分').waitFor();
      await page.getByText('积分 · 口令兑换').waitFor();
      await screenshot(page, 'campaign-password-award');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('stops a shopper after too many attempts with the rate-limit message', async () => {
    const shopper = await openLoggedIn(app.url, '13800003002');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/password/index`);
      // attemptsPerUser is 10 in the seed: the 11th attempt is refused whatever it is.
      for (let i = 0; i < 10; i++) {
        await enter(page, `猜一猜${i}`);
        await page.getByRole('alert').getByText('口令不正确', { exact: true }).waitFor();
        await page.getByRole('textbox', { name: '活动口令' }).fill('');
      }
      await enter(page, demoCode(app, 'MORSEL2026'));
      await page.getByRole('alert').getByText('尝试次数过多', { exact: true }).waitFor();
      await page
        .getByRole('alert')
        .getByText(/尝试次数过多，请\d+分钟后再试/)
        .waitFor();
      await screenshot(page, 'campaign-password-rate-limited');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shows an empty prize list and the login prompt', async () => {
    const shopper = await openLoggedIn(app.url, '13800003003');
    try {
      await shopper.page.goto(`${app.url}/activity/password/award`);
      await shopper.page.getByText('暂无奖品').waitFor();
      await shopper.page.getByRole('button', { name: '去输口令' }).waitFor();
      await screenshot(shopper.page, 'campaign-password-award-empty');
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
