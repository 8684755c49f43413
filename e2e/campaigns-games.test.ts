// The games wave in a phone browser (issue 20): the vote logged out (login asked on voting) and
// logged in (votes counted down to none left, a friend's vote arriving live, the ranking once
// voting closed), and the free-meal shake (a shake from the motion sensor wins the free-meal
// coupon, which opens in the coupon pages; a tap loses; shakes run out; iOS's motion permission
// asked from a tap). The admin API makes the draws certain. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import {
  adminApi,
  campaignApi,
  expectLoginAsked,
  openLoggedIn,
  openLoggedOut,
} from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

const ADMIN_KEY = 'e2e-games-admin-key-0123456789';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

/** What a phone's motion sensor reports when it is shaken hard once. */
async function shakePhone(page: Page): Promise<void> {
  await page.evaluate(() => {
    const fire = (x: number, y: number) =>
      window.dispatchEvent(
        new DeviceMotionEvent('devicemotion', {
          accelerationIncludingGravity: { x, y, z: 9.8 },
        }),
      );
    fire(0, 0);
    fire(14, 9);
  });
}

/** iOS 13+ (and current Chromium): motion waits for DeviceMotionEvent.requestPermission from a tap. */
async function grantMotionOnAsk(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.assign(window.DeviceMotionEvent, {
      requestPermission: () => Promise.resolve('granted'),
    });
  });
}

// Weights change by a partial edit: a live prize's stock moves only by /stock (decision 0037),
// and the shakes take some.

/** Empties a free-meal prize's stock by a relative move of all that is left. */
async function takeAllStock(app: TestServer, key: string): Promise<void> {
  const response = await fetch(`${app.url}/admin/api/campaigns/free`, {
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  const detail = (await response.json()) as {
    data: { prizes: { key: string; stock: number | null }[] };
  };
  const left = detail.data.prizes.find((p) => p.key === key)?.stock ?? 0;
  if (left > 0)
    await adminApi(app.url, ADMIN_KEY, 'POST', `campaigns/free/prizes/${key}/stock`, {
      add: -left,
    });
}
describe('games pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the vote logged out and asks for login on voting', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/vote/vote`);
      await expect.poll(() => page.title()).toBe('投票');
      await page.getByRole('heading', { name: '年度人气零食评选' }).waitFor();
      const options = page.getByRole('region', { name: '投票选项' });
      await options.getByText('芒果干').waitFor();
      expect(await options.getByRole('listitem').count()).toBe(5);
      await page.getByText('登录后即可投票').waitFor();
      await bothWidths(page, 'campaign-vote-logged-out');
      await page.getByRole('button', { name: '为芒果干投票' }).click();
      await expectLoginAsked(page, '/activity/vote/vote');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('votes until none are left, shows a friend’s vote live, and the ranking once closed', async () => {
    const shopper = await openLoggedIn(app.url, '13800007001');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/vote/vote`);
      const status = page.getByRole('region', { name: '投票状态' });
      await status.getByText('今日剩余票数').waitFor();
      await page.getByRole('button', { name: '为每日坚果投票' }).click();
      await page.getByText('投票成功，今天还可投2票').waitFor();
      await page.getByRole('button', { name: '为每日坚果投票' }).click();
      await page.getByLabel('每日坚果 2票').getByText('我投了2票', { exact: false }).waitFor();
      await page.getByRole('button', { name: '为芒果干投票' }).click();
      await page.getByText('今天的票已投完，明天再来吧').first().waitFor();
      expect(await page.getByRole('button', { name: '为薄切薯片投票' }).isDisabled()).toBe(true);
      await bothWidths(page, 'campaign-vote-voted');

      // A friend votes elsewhere: the counts on this page move without a reload.
      const friend = await loginThroughApi(app.url, '13800007002');
      for (let i = 0; i < 3; i++)
        expect(
          (await campaignApi(app.url, friend, 'POST', 'vote/cast', { option: 'jerky' })).code,
        ).toBe(0);
      await page.getByLabel('风干牛肉干 3票').waitFor({ timeout: 15_000 });

      // Voting closes: the result is the ranking, and a vote is refused with its own code.
      const now = Date.now();
      const settings = await (
        await fetch(`${app.url}/admin/api/campaigns/vote`, {
          headers: { 'x-admin-key': ADMIN_KEY },
        })
      ).json();
      await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/vote', {
        settings: { ...settings.data.settings, closesAt: now - 1000 },
      });
      const refused = await campaignApi(app.url, friend, 'POST', 'vote/cast', { option: 'jerky' });
      expect(refused.code).toBe(62001);
      await page.reload();
      const result = page.getByRole('region', { name: '投票结果' });
      await result.getByRole('heading', { name: '最终结果' }).waitFor();
      await page.getByText('截止，最终结果如下').waitFor();
      // 风干牛肉干 3, 每日坚果 2, 芒果干 1, the rest 0 (sharing 4th place).
      const names = await result.locator('strong').allTextContents();
      expect(names.slice(0, 3)).toEqual(['风干牛肉干', '每日坚果', '芒果干']);
      expect(await page.getByRole('button', { name: /投票/ }).count()).toBe(0);
      await bothWidths(page, 'campaign-vote-result');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('wins the free-meal coupon by shaking, loses by a tap, and runs out of shakes', async () => {
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/free/prizes/free-meal', { weight: 1 });
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/free/prizes/thanks', { weight: 0 });
    const shopper = await openLoggedIn(app.url, '13800007003');
    const { page, errors } = shopper;
    try {
      await grantMotionOnAsk(page);
      await page.goto(`${app.url}/activity/free/index`);
      await expect.poll(() => page.title()).toBe('摇一摇免单');
      await page.getByText('今日剩余 3 次（每天 3 次）').waitFor();
      // The motion sensor is asked for from a tap; until then the button is the way.
      await page.getByText('点击下方按钮参与摇奖').waitFor();
      await bothWidths(page, 'campaign-free-ask-motion');
      await page.getByRole('button', { name: '开启“摇动手机”摇奖' }).click();
      await page.getByText('摇动手机，或点击下方按钮').waitFor();
      await bothWidths(page, 'campaign-free-ready');
      await shakePhone(page);
      const dialog = page.getByRole('dialog');
      await dialog.getByText('恭喜摇中').waitFor();
      await dialog.getByText('零食免单券').first().waitFor();
      await bothWidths(page, 'campaign-free-won');
      await dialog.getByRole('link', { name: '去使用' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/coupon/use');
      await page.getByText('零食免单券').first().waitFor();
      await page.goBack();

      await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/free/prizes/free-meal', { weight: 0 });
      await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/free/prizes/thanks', { weight: 1 });
      await page.getByText('今日剩余 2 次').waitFor();
      await page.getByRole('button', { name: '摇一摇' }).click();
      await page.getByRole('dialog').getByText('很遗憾').waitFor();
      await page.getByRole('button', { name: '知道了' }).click();
      await page.getByRole('button', { name: '摇一摇' }).click();
      await page.getByRole('button', { name: '知道了' }).click();
      await page.getByText('今日剩余 0 次').waitFor();
      // The 很遗憾 dialog has faded out before the picture is taken.
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: '明天再来' }).isDisabled()).toBe(true);
      await bothWidths(page, 'campaign-free-spent');

      await page.goto(`${app.url}/activity/free/award`);
      await page.getByText('零食免单券（最高抵20元）').waitFor();
      await screenshot(page, 'campaign-free-awards');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('asks a visitor to log in, and completes the shake tapped before login after it', async () => {
    // The free meal stays on offer but is out of stock, so the shake after login is a loss.
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/free/prizes/free-meal', { weight: 1 });
    await takeAllStock(app, 'free-meal');
    const token = await loginThroughApi(app.url, '13800007004');
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/free/index`);
      await page.getByText('每天 3 次机会，登录即可参与').waitFor();
      await bothWidths(page, 'campaign-free-logged-out');
      await page.getByRole('button', { name: '登录摇一摇' }).click();
      await expectLoginAsked(page, '/activity/free/index');
      // Login returns to the page (the cookie the login page leaves): the shake happens then.
      await phone.context.addCookies([{ name: 'ut', value: token, url: app.url }]);
      await page.goto(`${app.url}/activity/free/index`);
      await page.getByRole('dialog').getByText('很遗憾').waitFor();
      await page.getByRole('button', { name: '知道了' }).click();
      await page.getByText('今日剩余 2 次').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
