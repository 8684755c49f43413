// Campaign pages with nothing configured yet: a raffle whose board has no prize (every prize taken
// off it, grid and wheel) says its prizes are coming and offers no draw; the password page's prize
// list says the prizes are still to come; an operator-listed coupon category with no coupon says
// so in its own tab.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, campaignApi, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-empty-boards-admin-key-0123456789';
const RAFFLE_SEED = new URL('../apps/server/seed/campaigns/raffle.json', import.meta.url);
const COUPON_SEED = new URL('../apps/server/seed/campaigns/coupon.json', import.meta.url);

interface SeedPrize {
  key: string;
  slot: number;
  [field: string]: unknown;
}

describe('campaign pages with nothing on them yet', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows an empty raffle board, grid and wheel, with no draw button', async () => {
    const seed = JSON.parse(fs.readFileSync(RAFFLE_SEED, 'utf8')) as {
      settings: Record<string, unknown>;
      prizes: SeedPrize[];
    };
    for (const { key, ...prize } of seed.prizes) {
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/prizes/${key}`, {
        ...prize,
        slot: -1,
      });
    }
    const shopper = await openLoggedIn(app.url, '13800011001');
    const { page, errors } = shopper;
    try {
      for (const layout of ['grid', 'wheel'] as const) {
        await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/raffle', {
          settings: { ...seed.settings, layout },
        });
        await page.goto(`${app.url}/activity/raffle/index`);
        await page.getByText('奖品准备中，敬请期待').waitFor();
        await page.getByText('运营小伙伴正在上架奖品，稍后再来抽奖吧').waitFor();
        expect(await page.getByLabel('九宫格抽奖').count()).toBe(0);
        expect(await page.getByLabel('大转盘抽奖').count()).toBe(0);
        expect(await page.locator('[data-slot]').count()).toBe(0);
        expect(await page.getByRole('button', { name: /抽奖/ }).count()).toBe(0);
        expect(await page.getByText('分享得机会').count()).toBe(0);
        expect(await page.getByRole('button', { name: '分享', exact: true }).count()).toBe(0); // nothing to invite to
        await page.getByRole('link', { name: '我的奖品' }).waitFor();
        await screenshot(page, `campaign-raffle-empty-${layout}`);
      }
      // The server refuses a draw too, and spends no chance.
      const draw = await campaignApi(app.url, shopper.token, 'POST', 'raffle/draw');
      expect(draw.code).toBe(60026);
      const chances = await campaignApi<{ left: number }>(
        app.url,
        shopper.token,
        'GET',
        'raffle/chances',
      );
      expect(chances.data.left).toBe(3);

      // One prize back on the board: the board and its draw button return.
      const [first] = seed.prizes;
      const { key, ...prize } = first!;
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/prizes/${key}`, {
        ...prize,
        slot: 0,
      });
      await page.reload();
      await page.getByLabel('大转盘抽奖').waitFor();
      await page.getByRole('button', { name: /剩余3次/ }).waitFor();
      expect(await page.getByText('奖品准备中，敬请期待').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('says the password prizes are still to come when none is configured', async () => {
    await app.server.store.db
      .deleteFrom('campaign_prizes')
      .where('campaign_id', '=', 'password')
      .execute();
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/password/index`);
      const list = page.getByRole('region', { name: '口令奖品' });
      await list.getByText('口令好礼即将公布').waitFor();
      await list.getByText('敬请留意直播间和商品包装上的活动口令').waitFor();
      expect(await list.getByRole('listitem').count()).toBe(0);
      // The password box still works as before.
      await page.getByRole('button', { name: '立即兑换' }).waitFor();
      await screenshot(page, 'campaign-password-no-prizes');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows an operator-listed coupon category with no coupon as its own empty tab', async () => {
    const seed = JSON.parse(fs.readFileSync(COUPON_SEED, 'utf8')) as {
      settings: { categories: string[] };
    };
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/coupon', {
      settings: { ...seed.settings, categories: [...seed.settings.categories, '节日限定'] },
    });
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/coupon/core`);
      // The first tab with coupons opens; the listed empty category is a tab of its own.
      await page.getByLabel('全场通用优惠券').getByRole('article').first().waitFor();
      await page.getByText('节日限定', { exact: true }).click();
      const tab = page.getByLabel('节日限定优惠券');
      await tab.getByText('该分类暂无优惠券').waitFor();
      await tab.getByText('看看其他分类的好券吧').waitFor();
      expect(await tab.getByRole('article').count()).toBe(0);
      await screenshot(page, 'campaign-coupon-core-empty-category');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
