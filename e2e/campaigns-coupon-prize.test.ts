// A coupon prize's detail (/activity/sign/detail for a coupon prize): logged in, the prize with
// the coupon it issued (value, name, threshold, validity, scope, how it is used) and its usage
// lines, and the way on to use it; the coupon is the shopper's own in "my coupons" too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCode, startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { campaignApi, openLoggedIn } from './campaigns-support.ts';

interface Won {
  award: { id: number; kind: string; couponId: number | null };
}

describe('a coupon prize’s detail', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the coupon the prize issued and how to use it, and opens its online use', async () => {
    const shopper = await openLoggedIn(app.url, '13800008101');
    const { page, errors } = shopper;
    try {
      // The seed's live-stream password wins an online-only coupon (满59减10, 7 days).
      const won = await campaignApi<Won>(app.url, shopper.token, 'POST', 'password/redeem', {
        password: demoCode(app, '零食节快乐'),
      });
      expect(won.code).toBe(0);
      expect(won.data.award.kind).toBe('coupon');
      const couponId = won.data.award.couponId;
      expect(couponId).not.toBeNull();

      await page.goto(`${app.url}/activity/password/award`);
      await page.getByRole('link', { name: '直播专享满59减10元券 详情' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/sign/detail');
      expect(new URL(page.url()).searchParams.get('campaign')).toBe('password');
      await expect.poll(() => page.title()).toBe('奖品详情');
      await page.getByRole('heading', { name: '直播专享满59减10元券' }).waitFor();
      await page.getByText('优惠券 · 口令兑换').waitFor();

      const coupon = page.getByRole('region', { name: '优惠券' });
      await coupon.getByText('¥10').waitFor();
      await coupon.getByText('直播专享满59减10元', { exact: true }).waitFor();
      const expires = (
        await campaignApi<{ expiresAt: number }>(
          app.url,
          shopper.token,
          'GET',
          `coupon/mine/${couponId}`,
        )
      ).data.expiresAt;
      const day = new Date(expires + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '.');
      await coupon.getByText(`满59元可用 · 有效期至 ${day}`).waitFor();
      await coupon.getByText('适用范围：全场商品可用，仅限线上商城').waitFor();
      await coupon.getByText('使用方式：在线上商城下单时抵扣，仅限线上使用').waitFor();

      const usage = page.getByRole('region', { name: '使用说明' });
      await usage.getByText('优惠券已放入“我的优惠券”，有效期7天，仅限线上商城使用。').waitFor();
      await screenshot(page, 'campaign-coupon-prize-detail');

      // Online only: 去使用 opens the online use of this very coupon.
      await coupon.getByRole('link', { name: '去使用' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/coupon/cloudUse');
      expect(new URL(page.url()).searchParams.get('id')).toBe(String(couponId));
      await page.getByRole('region', { name: '线上使用' }).waitFor();
      await page.getByText('直播专享满59减10元').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
