// The raffle in the browser: the nine-grid and winners logged out (login asked on drawing),
// drawing until today's chances are gone, and a goods prize's address through the area picker
// on my prizes. The admin API makes the draw land on the gift box, so the test knows the prize.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, expectLoginAsked, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-raffle-admin-key-0123456789';
const SEED = new URL('../apps/server/seed/campaigns/raffle.json', import.meta.url);

interface SeedPrize {
  key: string;
  weight: number;
  [field: string]: unknown;
}

describe('raffle pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    // Only the gift box (slot 0) can be drawn: every other prize weighs 0.
    const seed = JSON.parse(fs.readFileSync(SEED, 'utf8')) as { prizes: SeedPrize[] };
    for (const { key, ...prize } of seed.prizes) {
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/prizes/${key}`, {
        ...prize,
        weight: key === 'nuts-box' ? 1 : 0,
      });
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the grid logged out and asks for login on drawing', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      await expect.poll(() => page.title()).toBe('幸运抽奖');
      await page.getByLabel('九宫格抽奖').waitFor();
      expect(await page.locator('[data-slot]').count()).toBe(8);
      await page.getByText('登录后每天可免费抽奖3次').waitFor();
      await page.getByText('还没有人中奖，快来当第一个幸运儿').waitFor();
      await screenshot(page, 'campaign-raffle-logged-out');
      await page.getByRole('button', { name: /抽奖/ }).first().click();
      await expectLoginAsked(page, '/activity/raffle/index');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('draws, lands on the prize, counts the chances down and takes the address of the prize', async () => {
    const shopper = await openLoggedIn(app.url, '13800002001');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      // A plain browser cannot confirm a share, so only a friend's assist is promised.
      await page.getByText('今日剩余抽奖机会 3 次，好友助力可再得机会').waitFor();
      await screenshot(page, 'campaign-raffle-logged-in');
      await page.getByRole('button', { name: /剩余3次/ }).click();
      await page.getByRole('dialog').getByText('恭喜获得').waitFor();
      // The light stopped on the answered slot.
      expect(await page.locator('[data-slot][aria-current="true"]').getAttribute('data-slot')).toBe(
        '0',
      );
      await page.getByRole('dialog').getByText('每日坚果礼盒（30袋）').waitFor();
      await screenshot(page, 'campaign-raffle-won');
      await page.getByRole('button', { name: '继续抽奖' }).click();
      await page.getByText('今日剩余抽奖机会 2 次，好友助力可再得机会').waitFor();
      // The prize just won joins the winners list without a reload.
      await page.getByLabel('中奖名单').getByText('138****2001').first().waitFor();
      for (const left of [1, 0]) {
        await page.getByRole('button', { name: /剩余\d次/ }).click();
        // The last chance's popup does not invite another draw.
        await page.getByRole('button', { name: left === 0 ? '知道了' : '继续抽奖' }).click();
        await page.getByText(`今日剩余抽奖机会 ${left} 次`, { exact: false }).waitFor();
      }
      // Spent: the centre button says so and cannot be pressed.
      await expect(page.getByRole('button', { name: /明天再来/ }).isDisabled()).resolves.toBe(true);
      await page.reload();
      await page.getByText('138****2001').first().waitFor(); // the winners list, masked
      await screenshot(page, 'campaign-raffle-winners');

      await page.goto(`${app.url}/activity/raffle/award`);
      await expect.poll(() => page.title()).toBe('我的奖品');
      await page.getByText('待填写地址').first().waitFor();
      expect(await page.getByText('待填写地址').count()).toBe(3);
      await screenshot(page, 'campaign-raffle-award');
      await page.getByRole('button', { name: '填写地址' }).first().click();
      const form = page.getByRole('form', { name: '填写收货地址' });
      await form.getByRole('textbox', { name: '收货人' }).fill('张小馋');
      await form.getByRole('textbox', { name: '收货手机号' }).fill('13800002001');
      await form.getByRole('button', { name: '提交地址' }).click();
      await page.getByText('请选择所在地区').waitFor(); // checked before sending
      await form.getByRole('button', { name: '请选择省 / 市 / 区县' }).click();
      const choices = form.getByRole('group', { name: '可选地区' });
      await choices.getByRole('button', { name: '上海市' }).click();
      await choices.getByRole('button', { name: '上海市' }).click(); // the city of the municipality
      await choices.getByRole('button', { name: '徐汇区' }).waitFor();
      await screenshot(page, 'campaign-raffle-area-picker');
      await choices.getByRole('button', { name: '徐汇区' }).click();
      await form.getByRole('button', { name: '上海市 上海市 徐汇区' }).waitFor();
      await form.getByRole('textbox', { name: '详细地址' }).fill('漕溪北路88号 零食铺子收');
      await screenshot(page, 'campaign-raffle-address');
      await form.getByRole('button', { name: '提交地址' }).click();
      await page.getByRole('region', { name: '确认收货地址' }).waitFor();
      await page.getByRole('button', { name: '确认提交' }).click();
      await page.getByText('地址已提交，我们会尽快为您发货').waitFor();
      await page.getByText('待发货').waitFor();
      expect(await page.getByText('待填写地址').count()).toBe(2);

      await page.getByRole('link', { name: '每日坚果礼盒（30袋） 详情' }).first().click();
      await page.getByText('上海市 上海市 徐汇区 漕溪北路88号 零食铺子收').waitFor();
      await screenshot(page, 'campaign-raffle-detail');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
  it('draws the wheel when configured so and turns it to the prize the server answered', async () => {
    const seed = JSON.parse(fs.readFileSync(SEED, 'utf8')) as { settings: Record<string, unknown> };
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/raffle', {
      settings: { ...seed.settings, layout: 'wheel' },
    });
    const shopper = await openLoggedIn(app.url, '13800002002');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      const wheel = page.getByLabel('大转盘抽奖');
      await wheel.waitFor();
      expect(await page.getByLabel('九宫格抽奖').count()).toBe(0);
      const sectors = await wheel.locator('[data-slot]').count();
      expect(sectors).toBeGreaterThanOrEqual(6);
      await screenshot(page, 'campaign-raffle-wheel');
      await page.getByRole('button', { name: /剩余3次/ }).click();
      await page.getByRole('dialog').getByText('每日坚果礼盒（30袋）').waitFor();
      // The sector of the prize the server answered stopped under the pointer at the top.
      const index = Number(
        await wheel
          .locator('[data-slot]', { hasText: '每日坚果礼盒（30袋）' })
          .getAttribute('data-slot'),
      );
      const turned = await wheel
        .locator('[data-slot]')
        .first()
        .evaluate((el) => {
          const match = /rotate\((-?[\d.]+)deg\)/.exec(
            (el.parentElement as HTMLElement).style.transform,
          );
          return Number(match![1]);
        });
      const sector = 360 / sectors;
      const offset = (((turned + (index + 0.5) * sector) % 360) + 360) % 360;
      expect(Math.min(offset, 360 - offset)).toBeLessThan(sector / 2);
      await screenshot(page, 'campaign-raffle-wheel-won');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
