// Correcting a goods prize's delivery address (PUT …/awards/:id/address): only its owner, only
// once an address was given, with the same checks as the first submission; and the numbers and
// copy the pages show (tagline, share text, the raffle's daily chances) come from the server.
// On both store engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { admin, call, data, newShopper, onEachEngine, startCampaignServer } from './helpers.ts';

const GOOD = {
  name: '张三',
  mobile: '13812345678',
  provinceCode: '310000',
  cityCode: '310100',
  regionCode: '310101',
  detail: '南京东路100号5楼',
};

/** Makes every draw land on `key` (weight 1, the others 0). */
async function aimAt(s: ProductTestServer, key: string) {
  const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
  for (const { awarded: _a, key: k, ...config } of detail.prizes)
    data(
      await admin(s.url, 'PUT', `/admin/api/campaigns/raffle/prizes/${k}`, {
        ...config,
        weight: k === key ? 1 : 0,
        ...(k === key ? { stock: null } : {}),
      }),
    );
}

await onEachEngine((engine, overrides, cleanup) => {
  describe(`address correction on ${engine}`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const picked = await overrides();
      if (picked) s = await startCampaignServer(picked);
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('lets the owner correct a submitted address and nobody else', async (context) => {
      if (!s) return context.skip();
      await aimAt(s, 'nuts-box');
      const owner = await newShopper(s);
      const other = await newShopper(s);
      const { award } = data(
        await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: owner.ut }),
      );
      const path = `/api/campaign/raffle/awards/${award.id}/address`;

      // Nothing to correct before the first address.
      expect((await call(s.url, 'PUT', path, { ut: owner.ut, body: GOOD })).body).toMatchObject({
        code: 60033,
        message: '该奖品尚未填写收货地址，请先填写',
      });
      data(await call(s.url, 'POST', path, { ut: owner.ut, body: GOOD }));

      const moved = { ...GOOD, cityCode: '320100', provinceCode: '320000', regionCode: '320102' };
      // Another shopper cannot see the prize, let alone change its address.
      expect((await call(s.url, 'PUT', path, { ut: other.ut, body: moved })).body.code).toBe(60003);
      expect((await call(s.url, 'PUT', path, { body: moved })).body.code).not.toBe(0);
      // The same checks as the first submission.
      expect(
        (await call(s.url, 'PUT', path, { ut: owner.ut, body: { ...moved, regionCode: '999999' } }))
          .body.code,
      ).toBe(60032);
      expect(
        (await call(s.url, 'PUT', path, { ut: owner.ut, body: { ...moved, detail: '' } })).body
          .code,
      ).toBe(10001);

      const changed = data(await call(s.url, 'PUT', path, { ut: owner.ut, body: moved }));
      expect(changed).toMatchObject({
        state: 'address_submitted',
        address: { provinceName: '江苏省', cityName: '南京市', regionCode: '320102' },
      });
      const detail = data(
        await call(s.url, 'GET', `/api/campaign/raffle/awards/${award.id}`, { ut: owner.ut }),
      );
      expect(detail.address).toMatchObject({ regionCode: '320102', detail: GOOD.detail });
      // The owner's own number in full, for the form to prefill.
      expect(detail.contactMobile).toBe(owner.mobile);
      // A second first submission is still refused; the correction route is the way.
      expect((await call(s.url, 'POST', path, { ut: owner.ut, body: GOOD })).body.code).toBe(60031);
    });

    it('refuses a correction for a prize that takes no address', async (context) => {
      if (!s) return context.skip();
      await aimAt(s, 'points-10');
      const shopper = await newShopper(s);
      const { award } = data(
        await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: shopper.ut }),
      );
      const path = `/api/campaign/raffle/awards/${award.id}/address`;
      expect((await call(s.url, 'PUT', path, { ut: shopper.ut, body: GOOD })).body.code).toBe(
        60030,
      );
    });

    it('answers the copy and numbers the pages state, logged out too', async (context) => {
      if (!s) return context.skip();
      const raffle = data(await call(s.url, 'GET', '/api/campaign/raffle'));
      expect(raffle).toMatchObject({ dailyChances: 3, bonusChancesPerDay: 3 });
      expect(raffle.campaign.tagline).toBe('好运零食天天抽，百分百有惊喜');
      expect(raffle.campaign.shareText).toContain('助力');
      const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/sign'));
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/sign', {
          settings: { ...detail.settings, tagline: '签到七天送坚果' },
        }),
      );
      const sign = data(await call(s.url, 'GET', '/api/campaign/sign'));
      expect(sign.campaign.tagline).toBe('签到七天送坚果');
    });
  });
});
