// The open-bag prize in a phone browser (issue 20): the printed QR link opens the page with its
// code filled in, the code opens a goods prize (the admin API makes the draw certain), the winner
// gives an address through the area picker and confirms the order; the same code again, and a
// code that does not exist, get their own messages; the camera sheet without a camera says so
// and leaves typing; the winning records open the order. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-bag-admin-key-0123456789';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

describe('open-bag prize pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    await adminApi(app.url, ADMIN_KEY, 'POST', 'campaigns/bag/bag-codes', {
      batch: 'e2e',
      codes: ['SNACKBAG01', 'SNACKBAG02'],
    });
    for (const [key, prize] of Object.entries({
      'nuts-box': { name: '每日坚果礼盒（30袋）', kind: 'goods', weight: 1, stock: 50 },
      'mango-case': { name: '芒果干整箱（20袋）', kind: 'goods', weight: 0, stock: 20 },
      'points-50': { name: '50积分', kind: 'points', value: '50', weight: 0 },
      thanks: { name: '谢谢参与', kind: 'thanks', weight: 0 },
    }))
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/bag/prizes/${key}`, {
        image:
          key === 'mango-case' ? '/api/campaign/assets/mango.svg' : '/api/campaign/assets/nuts.svg',
        slot: -1,
        ...prize,
      });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sends a visitor to login (every open-bag page needs one)', async () => {
    const { phone, page } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/openBagPrize/index?code=SNACKBAG01`);
      await page.waitForURL((url) => url.pathname === '/my/login');
      expect(new URL(page.url()).searchParams.get('loginFrom')).toBe(
        '/activity/openBagPrize/index?code=SNACKBAG01',
      );
    } finally {
      await phone.close();
    }
  });

  it('opens the scanned code for a goods prize, takes the address and confirms the order', async () => {
    const shopper = await openLoggedIn(app.url, '13800008001');
    const { page, errors } = shopper;
    try {
      // A phone's camera opened the link printed beside the code.
      await page.goto(`${app.url}/activity/openBagPrize/index?code=SNACKBAG01`);
      await expect.poll(() => page.title()).toBe('开袋有奖');
      const code = page.getByRole('textbox', { name: '袋内兑奖码' });
      await expect.poll(() => code.inputValue()).toBe('SNACKBAG01');
      await page.getByText('今日还可兑奖 30 次 · 已开袋 0 次').waitFor();
      await bothWidths(page, 'campaign-bag-index');
      await page.getByRole('button', { name: '立即开奖' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('开袋中奖').waitFor();
      await dialog.getByText('每日坚果礼盒（30袋）').waitFor();
      await bothWidths(page, 'campaign-bag-won');
      await dialog.getByRole('button', { name: '去填写地址' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/openBagPrize/userInfo');

      const form = page.getByRole('form', { name: '填写收货地址' });
      await form.getByRole('textbox', { name: '收货人' }).fill('张小馋');
      await form.getByRole('button', { name: /所在地区/ }).click();
      const choices = form.getByRole('group', { name: '可选地区' });
      await choices.getByRole('button', { name: '上海市' }).click();
      await choices.getByRole('button', { name: '上海市' }).click();
      await choices.getByRole('button', { name: '黄浦区' }).click();
      await form.getByRole('textbox', { name: '详细地址' }).fill('南京东路100号 零食铺子');
      await bothWidths(page, 'campaign-bag-userinfo');
      await form.getByRole('button', { name: '提交地址' }).click();
      await page
        .getByRole('region', { name: '确认收货地址' })
        .getByRole('button', { name: '确认提交' })
        .click();

      await page.waitForURL((url) => url.pathname === '/activity/openBagPrize/confirmOrder');
      const delivery = page.getByRole('region', { name: '收货信息' });
      await delivery.getByText('黄浦区 南京东路100号 零食铺子', { exact: false }).waitFor();
      await page.getByText('兑奖码 SNACKBAG01').waitFor();
      await bothWidths(page, 'campaign-bag-confirm');
      await page.getByRole('button', { name: '确认订单' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
      await page.getByText('订单已确认（', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: '确认订单' }).count()).toBe(0);
      await bothWidths(page, 'campaign-bag-confirmed');

      // The winning records open the order.
      await page.goto(`${app.url}/activity/openBagPrize/list`);
      await page.getByRole('link', { name: '每日坚果礼盒（30袋） 详情' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/openBagPrize/confirmOrder');
      await page.getByText('订单已确认（', { exact: false }).waitFor();

      // The same code again, and a code that does not exist.
      await page.goto(`${app.url}/activity/openBagPrize/index`);
      await code.fill('snackbag01');
      await page.getByRole('button', { name: '立即开奖' }).click();
      await page.getByText('该兑奖码已被使用').waitFor();
      await page.getByText('今日还可兑奖 28 次', { exact: false }).waitFor();
      // The button ignores a second tap within 500 ms (the double-tap guard).
      await page.waitForTimeout(600);
      await code.fill('NOSUCHCODE');
      await page.getByRole('button', { name: '立即开奖' }).click();
      await page.getByText('兑奖码不存在，请核对袋内兑奖码').waitFor();
      await page.getByText('今日还可兑奖 27 次 · 已开袋 1 次').waitFor();

      // No camera on this machine: the scan sheet says so and leaves typing.
      await page.getByRole('button', { name: '扫码' }).click();
      await page.getByRole('alert').getByText(/相机/).waitFor();
      await bothWidths(page, 'campaign-bag-no-camera');
      await page.getByRole('button', { name: '手动输入' }).click();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
