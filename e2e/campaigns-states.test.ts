// The states every campaign page shares, met as a shopper meets them: a campaign that has ended
// (set through the admin API), one not started yet, and a call that fails (the retry reloads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-states-admin-key-0123456789';
const DAY = 24 * 3600_000;

describe('campaign page states', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    const past = Date.now() - 2 * DAY;
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/sign', {
      startsAt: past - 30 * DAY,
      endsAt: past,
    });
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/raffle', {
      startsAt: Date.now() + 3 * DAY,
      endsAt: Date.now() + 30 * DAY,
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows an ended sign-in campaign and refuses signing', async () => {
    const shopper = await openLoggedIn(app.url, '13800005001');
    try {
      await shopper.page.goto(`${app.url}/activity/sign/index`);
      await shopper.page.getByText(/活动已结束，感谢您的参与/).waitFor();
      expect(await shopper.page.getByRole('button', { name: '活动已结束' }).isDisabled()).toBe(
        true,
      );
      await screenshot(shopper.page, 'campaign-sign-ended');
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shows a raffle that has not started', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      await page.getByText(/活动尚未开始，敬请期待/).waitFor();
      await page.getByText('即将开始').waitFor();
      await screenshot(page, 'campaign-raffle-not-started');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('offers a retry when the campaign cannot be loaded', async () => {
    const { phone, page } = await openLoggedOut();
    try {
      let fail = true;
      await page.route(
        (url) => url.pathname === '/api/campaign/password',
        (route) => (fail ? route.abort('failed') : route.continue()),
      );
      await page.goto(`${app.url}/activity/password/index`);
      await page.getByText('加载失败').waitFor();
      await page.getByText('请求出错，请稍后再试').waitFor();
      await screenshot(page, 'campaign-password-failed');
      fail = false;
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('textbox', { name: '活动口令' }).waitFor();
    } finally {
      await phone.close();
    }
  });
});
