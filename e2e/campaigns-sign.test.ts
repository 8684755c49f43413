// Daily sign-in in the browser: the calendar logged out (login asked on signing), signing in
// today, the streak reward on the third day (the server's clock moved a day at a time), my
// prizes and a prize's detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock, TestServer } from '../apps/server/test/harness/index.ts';
import { screenshot } from './harness/browser.ts';
import { startAppWithClock } from './shell-support.ts';
import { campaignApi, expectLoginAsked, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const DAY = 24 * 3600_000;

describe('sign-in pages', () => {
  let app: TestServer;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await startAppWithClock());
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the calendar and rules logged out and asks for login on signing', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/sign/index`);
      await expect.poll(() => page.title()).toBe('每日签到');
      await page.getByRole('heading', { name: '每日签到领好礼' }).waitFor();
      await page.getByRole('grid').getByRole('gridcell', { name: /今天/ }).waitFor();
      await page.getByText('连签7天').waitFor();
      await page.getByText('登录后签到，积分和连签天数不丢失').waitFor();
      await screenshot(page, 'campaign-sign-logged-out');

      await page.getByRole('button', { name: '活动规则' }).click();
      await page
        .getByRole('dialog', { name: '活动规则' })
        .getByText(/每天可签到1次/)
        .waitFor();
      await screenshot(page, 'campaign-sign-rules');
      await page.getByRole('button', { name: '我知道了' }).click();

      await page.getByRole('button', { name: /立即签到/ }).click();
      await expectLoginAsked(page, '/activity/sign/index');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('signs in today, earns the 3-day reward and shows it in my prizes and its detail', async () => {
    const shopper = await openLoggedIn(app.url, '13800001001');
    const { page, errors } = shopper;
    try {
      // Two days signed through the API, then today's sign-in in the page completes the streak.
      expect((await campaignApi(app.url, shopper.token, 'POST', 'sign/today')).code).toBe(0);
      clock.advance(DAY);
      expect((await campaignApi(app.url, shopper.token, 'POST', 'sign/today')).code).toBe(0);
      clock.advance(DAY);

      await page.goto(`${app.url}/activity/sign/index`);
      const status = page.getByRole('region', { name: '签到状态' });
      await status.getByText('2', { exact: true }).waitFor();
      await screenshot(page, 'campaign-sign-before');
      await page.getByRole('button', { name: '立即签到 +5积分' }).click();
      const dialog = page.getByRole('dialog');
      // The streak prize is the news; the day's points and the streak a line under it.
      await dialog.getByText('连签奖励到手').waitFor();
      await dialog.getByText('+20 积分').waitFor();
      await dialog.getByText('签到成功 +5积分，已连续签到 3 天').waitFor();
      await screenshot(page, 'campaign-sign-success');
      await dialog.getByRole('button', { name: '继续' }).click();
      await page.getByRole('button', { name: '今日已签到' }).waitFor();
      await status.getByText('3', { exact: true }).waitFor();
      await status.getByText('35', { exact: true }).waitFor(); // 3 x 5 + 20
      // A next step instead of a dead grey button.
      await status.getByRole('link', { name: '去抽奖试试手气 ›' }).waitFor();
      expect(await page.getByRole('gridcell', { name: /已签到 今天/ }).count()).toBe(1);
      await screenshot(page, 'campaign-sign-signed');

      await page.getByRole('link', { name: /查看我的奖品/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/sign/award');
      await page.getByText('138 ****1001').waitFor();
      await page.getByText('连续签到奖励').waitFor();
      await screenshot(page, 'campaign-sign-award');

      await page.getByRole('link', { name: '20积分 详情' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/sign/detail');
      await page.getByRole('heading', { name: '20积分' }).waitFor();
      await page.getByText('积分可在积分商城兑换零食和优惠券。').waitFor();
      await expect.poll(() => page.title()).toBe('奖品详情');
      await screenshot(page, 'campaign-sign-detail');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it("says so when a prize is not the shopper's and when the list is empty", async () => {
    const shopper = await openLoggedIn(app.url, '13800001002');
    try {
      await shopper.page.goto(`${app.url}/activity/sign/detail?campaign=sign&id=1`);
      await shopper.page.getByText('奖品不存在').waitFor();
      await shopper.page.goto(`${app.url}/activity/sign/award`);
      await shopper.page.getByText('暂无奖品').waitFor();
      await shopper.page.getByRole('button', { name: '去签到' }).waitFor();
      await screenshot(shopper.page, 'campaign-sign-award-empty');
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
