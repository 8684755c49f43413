// The games wave's pages in their other states (issue 20): loading then failing with a retry that
// loads them, not started (actions off, the start time said) and ended (actions off; the vote
// shows its result). Screenshots of the not-started and ended pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, openLoggedIn } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-games-states-admin-key-0123456789';

const FAILING: [path: string, api: string][] = [
  ['/activity/vote/vote', '/api/campaign/vote'],
  ['/activity/free/index', '/api/campaign/free'],
  ['/activity/free/award', '/api/campaign/free/awards'],
  ['/activity/openBagPrize/index', '/api/campaign/bag'],
  ['/activity/openBagPrize/list', '/api/campaign/bag/awards'],
  ['/activity/openBagPrize/confirmOrder?id=1', '/api/campaign/bag/orders/1'],
];

describe('games pages in every state', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows each page loading, then a retry when its call fails, and the retry loads it', async () => {
    const shopper = await openLoggedIn(app.url, '13800009001');
    try {
      for (const [path, api] of FAILING) {
        let fail = true;
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
        fail = false;
        await shopper.page.getByRole('button', { name: '重新加载' }).first().click();
        await expect
          .poll(() => shopper.page.getByText('加载失败').count(), { message: path })
          .toBe(0);
        await shopper.page.unroute(matches);
      }
      // The aborted calls log "Failed to load resource": expected here, so errors are not checked.
    } finally {
      await shopper.phone.close();
    }
  });

  it('turns the actions off before the start and after the end', async () => {
    const shopper = await openLoggedIn(app.url, '13800009002');
    const { page } = shopper;
    const now = Date.now();
    try {
      for (const id of ['vote', 'free', 'bag'])
        await adminApi(app.url, ADMIN_KEY, 'PATCH', `campaigns/${id}`, {
          startsAt: now + 86_400_000,
          endsAt: now + 10 * 86_400_000,
        });
      await page.goto(`${app.url}/activity/vote/vote`);
      await page.getByText('活动尚未开始，敬请期待', { exact: false }).waitFor();
      await page.getByText('投票将于', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: /^为.*投票$/ }).count()).toBe(0);
      await screenshot(page, 'campaign-not-started-vote');
      await page.goto(`${app.url}/activity/free/index`);
      await page.getByText('活动尚未开始，敬请期待', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: '活动未开始' }).isDisabled()).toBe(true);
      await screenshot(page, 'campaign-not-started-free');
      await page.goto(`${app.url}/activity/openBagPrize/index`);
      await page.getByText('活动尚未开始，敬请期待', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: '活动未开始' }).isDisabled()).toBe(true);
      await screenshot(page, 'campaign-not-started-openBagPrize');

      for (const id of ['vote', 'free', 'bag'])
        await adminApi(app.url, ADMIN_KEY, 'PATCH', `campaigns/${id}`, {
          startsAt: now - 10 * 86_400_000,
          endsAt: now - 1000,
        });
      await page.goto(`${app.url}/activity/vote/vote`);
      await page.getByText('活动已结束，感谢您的参与', { exact: false }).waitFor();
      await page.getByRole('heading', { name: '最终结果' }).waitFor();
      await screenshot(page, 'campaign-ended-vote');
      await page.goto(`${app.url}/activity/free/index`);
      expect(await page.getByRole('button', { name: '活动已结束' }).isDisabled()).toBe(true);
      await screenshot(page, 'campaign-ended-free');
      await page.goto(`${app.url}/activity/openBagPrize/index`);
      expect(await page.getByRole('button', { name: '活动已结束' }).isDisabled()).toBe(true);
      await screenshot(page, 'campaign-ended-openBagPrize');
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
