// The shopper's hub over real HTTP on both engines: the summary (zeros for a visitor; points,
// prizes of every campaign and coupon counts for a shopper), "我的奖品" across campaigns, the
// coupon tabs' counts, and 即将过期 as data (the window an operator sets in the coupon campaign).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { demoCode } from '../harness/index.ts';
import {
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
} from './helpers.ts';

const hubSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`the shopper's hub (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('sums up points, prizes and coupons, and lists every prize', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      expect(data(await call(server.url, 'GET', '/api/campaign/hub/summary'))).toEqual({
        loggedIn: false,
        points: 0,
        prizes: 0,
        coupons: { unused: 0, used: 0, expired: 0, expiringSoon: 0 },
      });
      expect((await call(server.url, 'GET', '/api/campaign/hub/prizes')).body.code).toBe(-331007);

      const a = await newShopper(server);
      const b = await newShopper(server);
      data(
        await call(server.url, 'POST', '/api/campaign/password/redeem', {
          ut: a.ut,
          body: { password: demoCode(server, 'MORSEL2026') },
        }),
      );
      data(await call(server.url, 'POST', '/api/campaign/sign/today', { ut: a.ut, body: {} }));
      const claimed = data(
        await call(server.url, 'POST', '/api/campaign/coupon/claim', {
          ut: a.ut,
          body: { templateKey: 'all-10-off-99' },
        }),
      );
      expect(claimed.expiresSoon).toBe(false);

      const summary = data(
        await call(server.url, 'GET', '/api/campaign/hub/summary', { ut: a.ut }),
      );
      expect(summary).toMatchObject({
        loggedIn: true,
        prizes: 1,
        coupons: { unused: 1, used: 0, expired: 0, expiringSoon: 0 },
      });
      // 88 from the password, plus the sign-in's daily points.
      expect(summary.points).toBeGreaterThan(88);
      const prizes = data(await call(server.url, 'GET', '/api/campaign/hub/prizes', { ut: a.ut }));
      expect(prizes).toHaveLength(1);
      expect(prizes[0]).toMatchObject({ campaignId: 'password', kind: 'points', value: 88 });
      // Another shopper sees none of them.
      expect(data(await call(server.url, 'GET', '/api/campaign/hub/prizes', { ut: b.ut }))).toEqual(
        [],
      );

      // 28 days on, the 30-day coupon expires within the default 3-day window.
      server.clock.advance(28 * DAY_MS);
      const counts = () => call(server.url, 'GET', '/api/campaign/coupon/counts', { ut: a.ut });
      expect(data(await counts())).toEqual({
        unused: 1,
        used: 0,
        expired: 0,
        expiringSoon: 1,
        expiryWarningDays: 3,
      });
      const mine = data(await call(server.url, 'GET', '/api/campaign/coupon/mine', { ut: a.ut }));
      expect(mine[0]).toMatchObject({ id: claimed.id, expiresSoon: true });

      // The operator narrows the window to one day: two days left is no longer "soon".
      const coupon = data(await admin(server.url, 'GET', '/admin/api/campaigns/coupon'));
      data(
        await admin(server.url, 'PATCH', '/admin/api/campaigns/coupon', {
          settings: { ...coupon.settings, expiryWarningDays: 1 },
        }),
      );
      expect(data(await counts())).toMatchObject({ expiringSoon: 0, expiryWarningDays: 1 });
      const detail = data(
        await call(server.url, 'GET', `/api/campaign/coupon/mine/${claimed.id}`, { ut: a.ut }),
      );
      expect(detail.expiresSoon).toBe(false);

      server.clock.advance(3 * DAY_MS);
      expect(data(await counts())).toMatchObject({ unused: 0, expired: 1, expiringSoon: 0 });
      expect(
        data(await call(server.url, 'GET', '/api/campaign/hub/summary', { ut: a.ut })).coupons,
      ).toEqual({ unused: 0, used: 0, expired: 1, expiringSoon: 0 });
    }, 60_000);
  });
};

await onEachEngine(hubSuite);
