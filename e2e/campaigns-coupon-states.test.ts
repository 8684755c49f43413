// The coupon pages' remaining states: the new-user pack refused to an account older than the
// pack's window (its own message and a way on to the coupon centre, nothing to claim), and the
// coupon centre when an operator has taken every coupon off it (an empty state, not a blank).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, campaignApi, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-coupon-states-admin-key-0123456789';
const DAY = 24 * 3600_000;

interface AdminTemplate {
  key: string;
  campaignId: string;
  issued: number;
  claimable: boolean;
  onlinePath: string | null;
  [field: string]: unknown;
}

describe('coupon page states', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('tells an account older than the window that the pack is for new shoppers', async () => {
    const shopper = await openLoggedIn(app.url, '13800009001');
    const { page } = shopper;
    try {
      // The account was registered 31 days ago (the seed's window is 30 days).
      await app.server.store.db
        .updateTable('product_users')
        .set({ created_at: Date.now() - 31 * DAY })
        .where('mobile', '=', '13800009001')
        .execute();
      await page.goto(`${app.url}/activity/newuser/coupon`);
      const refused = page.getByRole('button', { name: '仅限新用户领取' });
      await refused.waitFor();
      expect(await refused.isDisabled()).toBe(true);
      await page.getByText('新人礼包仅限注册30天内的新用户领取').waitFor();
      expect(await page.getByRole('button', { name: '一键领取' }).count()).toBe(0);
      await screenshot(page, 'campaign-newuser-not-eligible');
      await page.getByRole('link', { name: '去领券中心 ›' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/coupon/core');
      // The server refuses the pack too, whatever the page shows.
      const claim = await campaignApi(app.url, shopper.token, 'POST', 'coupon/newuser/claim');
      expect(claim.code).toBe(60058);
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shows an empty coupon centre when no coupon is on it', async () => {
    const response = await fetch(`${app.url}/admin/api/campaigns/coupon`, {
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    const detail = (await response.json()) as { data: { couponTemplates: AdminTemplate[] } };
    const onShow = detail.data.couponTemplates.filter((t) => t.claimable);
    expect(onShow.length).toBeGreaterThan(0);
    for (const { key, issued: _issued, onlinePath, ...template } of onShow) {
      await adminApi(app.url, ADMIN_KEY, 'PUT', `coupon-templates/${key}`, {
        ...template,
        ...(onlinePath !== null && { onlinePath }),
        claimable: false,
      });
    }
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/coupon/core`);
      await page.getByText('暂无可领取的优惠券').waitFor();
      await page.getByText('新券即将上架，敬请期待').waitFor();
      expect(await page.getByRole('article').count()).toBe(0);
      await screenshot(page, 'campaign-coupon-core-empty');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
