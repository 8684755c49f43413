// Two admin credentials: the cashier key redeems coupons and nothing else, the admin key does
// everything; wrong keys are counted per address and, past MORSEL_ADMIN_FAILURES_PER_HOUR, the
// address is refused (even with the right key) until the hour ends. On both store engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { admin, call, data, newShopper, onEachEngine, startCampaignServer } from './helpers.ts';

const CASHIER_KEY = 'cashier-key-for-store-0042';
const HOUR_MS = 3600_000;

await onEachEngine((engine, overrides, cleanup) => {
  describe(`admin and cashier keys on ${engine}`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const picked = await overrides();
      if (picked)
        s = await startCampaignServer({
          ...picked,
          cashierKey: CASHIER_KEY,
          adminFailuresPerHour: 3,
        });
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('the cashier key redeems a store coupon but cannot read or change campaigns', async (context) => {
      if (!s) return context.skip();
      const shopper = await newShopper(s);
      const coupon = data(
        await call(s.url, 'POST', '/api/campaign/coupon/claim', {
          ut: shopper.ut,
          body: { templateKey: 'biscuit-6-off-49' },
        }),
      );
      const { code } = data(
        await call(s.url, 'GET', `/api/campaign/coupon/mine/${coupon.id}`, { ut: shopper.ut }),
      );
      expect(
        data(await admin(s.url, 'POST', '/admin/api/coupons/redeem', { code }, CASHIER_KEY)),
      ).toMatchObject({ couponId: coupon.id });

      for (const [method, path, body] of [
        ['GET', '/admin/api/campaigns', undefined],
        ['PATCH', '/admin/api/campaigns/raffle', { title: '收银员改的标题' }],
        [
          'POST',
          '/admin/api/coupon-templates/biscuit-6-off-49/exchange-codes',
          { count: 1, expiresAt: '2027-01-01T00:00:00+08:00' },
        ],
      ] as const) {
        const refused = await admin(s.url, method, path, body, CASHIER_KEY);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          code: 61006,
          message: '收银密钥只能核销优惠券',
          data: null,
        });
      }
      expect(data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle')).title).not.toBe(
        '收银员改的标题',
      );
    });

    it('throttles an address after repeated wrong keys, even for the right key, until the hour ends', async (context) => {
      if (!s) return context.skip();
      for (let i = 0; i < 3; i++) {
        const wrong = await admin(
          s.url,
          'GET',
          '/admin/api/campaigns',
          undefined,
          `guess-${i}-0123456789abcdef`,
        );
        expect(wrong.body.code).toBe(61002);
      }
      for (const key of ['guess-9-0123456789abcdef', CASHIER_KEY, undefined]) {
        const throttled = await admin(
          s.url,
          'POST',
          '/admin/api/coupons/redeem',
          { code: '0000000000000000' },
          key,
        );
        expect(throttled.status).toBe(429);
        expect(throttled.body).toEqual({
          code: 61005,
          message: '密钥错误次数过多，请稍后再试',
          data: null,
        });
      }
      s.clock.advance(HOUR_MS);
      expect(data(await admin(s.url, 'GET', '/admin/api/campaigns')).length).toBeGreaterThan(0);
    });
  });
});
