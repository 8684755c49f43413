// The moments a campaign lives on (issue 28), as a shopper meets them in a phone browser: the
// sign-in tapped logged out completes itself when login (with consent) returns; a goods win's
// reward popup opens the address form, which shows every problem at once, confirms before it
// sends and is corrected later from the prize detail (phone masked); a plain browser's share
// sheet copies the link and says so, and promises no chance for a share nobody can confirm.
// Screenshots at 390 and 320 px.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, openLoggedIn, openLoggedOut } from './campaigns-support.ts';
import { latestSmsCode } from './shell-support.ts';

const ADMIN_KEY = 'e2e-moments-admin-key-0123456789';
const SEED = new URL('../apps/server/seed/campaigns/raffle.json', import.meta.url);

/** Screenshots at the iPhone's 390 px and at 320 px (the smallest phone still sold). */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

describe('campaign moments', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    const seed = JSON.parse(fs.readFileSync(SEED, 'utf8')) as {
      prizes: { key: string; [field: string]: unknown }[];
    };
    for (const { key, ...prize } of seed.prizes)
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/prizes/${key}`, {
        ...prize,
        weight: key === 'nuts-box' ? 1 : 0,
      });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('completes the sign-in tapped before login once login (with consent) returns', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/sign/index`);
      const status = page.getByRole('region', { name: '签到状态' });
      // Logged out, the numbers read 0, not "-".
      await status.getByText('0', { exact: true }).first().waitFor();
      expect(await status.getByText('-', { exact: true }).count()).toBe(0);
      await bothWidths(page, 'moment-sign-logged-out');
      await page.getByRole('button', { name: /立即签到/ }).click();
      await page.getByRole('button', { name: '去登录' }).click();
      await page.waitForURL((url) => url.pathname === '/my/login');

      await page.getByRole('textbox', { name: '手机号' }).fill('13800005001');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('button', { name: '60s后重发' }).waitFor();
      const code = await latestSmsCode(app.url, '13800005001');
      await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
      // Without consent, no login.
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByText('请先阅读并勾选同意《用户服务协议》和《隐私政策》').waitFor();
      await bothWidths(page, 'moment-login-consent');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '登录' }).click();

      // Back on the campaign, the tapped sign-in completes by itself.
      await page.waitForURL((url) => url.pathname === '/activity/sign/index');
      const popup = page.getByRole('dialog', { name: '签到成功' });
      await popup.getByText('+5 积分').waitFor();
      await popup.getByText('已连续签到 1 天').waitFor();
      await bothWidths(page, 'moment-sign-resumed');
      await popup.getByRole('button', { name: '继续' }).click();
      await page.getByRole('button', { name: '今日已签到' }).waitFor();
      await page.getByRole('link', { name: '去抽奖试试手气 ›' }).waitFor();
      expect(await page.getByRole('gridcell', { name: /已签到 今天/ }).count()).toBe(1);
      await bothWidths(page, 'moment-sign-signed');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('takes a goods win from the popup straight to a safe address form, correctable later', async () => {
    const shopper = await openLoggedIn(app.url, '13800005002');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      await page.getByRole('button', { name: /剩余3次/ }).click();
      const popup = page.getByRole('dialog', { name: '恭喜获得' });
      await popup.getByText('每日坚果礼盒（30袋）').waitFor();
      await bothWidths(page, 'moment-raffle-win');
      await popup.getByRole('button', { name: '去填写地址' }).click();

      const form = page.getByRole('form', { name: '填写收货地址' });
      // The shopper's own number is prefilled.
      await expect
        .poll(() => form.getByRole('textbox', { name: '收货手机号' }).inputValue())
        .toBe('13800005002');
      await form.getByRole('textbox', { name: '详细地址' }).fill('路');
      await form.getByRole('button', { name: '提交地址' }).click();
      // Every problem at once, each under its field.
      for (const problem of [
        '请填写收货人姓名',
        '请选择所在地区',
        '详细地址至少4个字，请填写街道、门牌号',
      ])
        await form.getByText(problem).waitFor();
      await bothWidths(page, 'moment-address-errors');

      await form.getByRole('textbox', { name: '收货人' }).fill('张小馋');
      await form.getByRole('button', { name: /所在地区/ }).click();
      const choices = form.getByRole('group', { name: '可选地区' });
      await choices.getByRole('button', { name: '上海市' }).click();
      await choices.getByRole('button', { name: '上海市' }).click();
      await choices.getByRole('button', { name: '黄浦区' }).click();
      await form
        .getByRole('textbox', { name: '详细地址' })
        .fill('南京东路100号 第一食品商店五楼 零食铺子活动组收，工作日9点到18点');
      await bothWidths(page, 'moment-address-filled');
      await form.getByRole('button', { name: '提交地址' }).click();
      const confirm = page.getByRole('region', { name: '确认收货地址' });
      await confirm.getByText('上海市 上海市 黄浦区 南京东路100号', { exact: false }).waitFor();
      await bothWidths(page, 'moment-address-confirm');
      await confirm.getByRole('button', { name: '确认提交' }).click();
      await page.getByText('地址已提交，我们会尽快为您发货').waitFor();

      await page.goto(`${app.url}/activity/raffle/award`);
      await page.getByRole('link', { name: '每日坚果礼盒（30袋） 详情' }).click();
      const address = page.getByRole('region', { name: '收货地址' });
      // The phone is masked on the detail page.
      await address.getByText('张小馋 138****5002').waitFor();
      await bothWidths(page, 'moment-detail-address');
      await address.getByRole('button', { name: '修改地址' }).click();
      const change = page.getByRole('form', { name: '修改收货地址' });
      await change.getByRole('textbox', { name: '详细地址' }).fill('淮海中路200号 前台代收');
      await change.getByRole('button', { name: '保存修改' }).click();
      await page.getByRole('button', { name: '确认提交' }).click();
      await page.getByText('地址已修改').waitFor();
      await address.getByText('淮海中路200号 前台代收', { exact: false }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shares in a plain browser through a sheet that copies the link and promises nothing', async () => {
    const shopper = await openLoggedIn(app.url, '13800005003');
    const { page, errors } = shopper;
    try {
      await shopper.phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: app.url,
      });
      await page.goto(`${app.url}/activity/raffle/index`);
      await page.getByText('今日剩余抽奖机会 3 次，好友助力可再得机会').waitFor();
      expect(await page.getByText('分享可再得机会').count()).toBe(0);
      await page.getByRole('button', { name: '邀好友助力' }).click();
      const sheet = page.getByRole('dialog', { name: '分享给好友' });
      await sheet.getByRole('img', { name: '活动二维码' }).waitFor();
      await sheet.getByRole('button', { name: '复制链接' }).click();
      await sheet.getByRole('button', { name: '已复制' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/\/activity\/raffle\/index\?shareCode=[A-Z0-9]+$/);
      await bothWidths(page, 'moment-share-sheet');
      await sheet.getByRole('button', { name: '我知道了' }).click();
      expect(await page.getByText('分享成功').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
