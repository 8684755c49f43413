// The raffle's extra chances in the browser: sharing from inside the native app earns one draw
// (the page asks the server once the shell's share succeeded), a friend who opens the sharer's
// link helps once and the sharer gets one more, a visitor is asked to log in first, and the sharer
// never sees the assist on their own link.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import {
  campaignApi,
  expectLoginAsked,
  openAs,
  openLoggedIn,
  openLoggedOut,
} from './campaigns-support.ts';
import { loginThroughApi, nativeCalls, openInApp } from './shell-support.ts';

const nativeShares = async (page: Page) =>
  (await nativeCalls(page)).filter((c) => c.method === 'share');
const nativeToasts = async (page: Page) =>
  (await nativeCalls(page)).filter((c) => c.method === 'toast').map((c) => c.params.message);

describe('raffle sharing and assists', () => {
  let app: TestServer;
  let sharerToken: string;
  let shareCode: string;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
    sharerToken = await loginThroughApi(app.url, '13800008001');
    shareCode = (await campaignApi<{ shareCode: string }>(app.url, sharerToken, 'GET', 'raffle'))
      .data.shareCode;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('earns one more draw by sharing from the app, up to the daily cap', async () => {
    const { phone, page, errors } = await openInApp(sharerToken);
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      await page.getByText('今日剩余抽奖机会 3 次，分享可再得机会').waitFor();
      await page.getByRole('button', { name: '分享得机会' }).click();
      // Inside the app the page's toasts are the app's own, through the bridge.
      await expect
        .poll(() => nativeToasts(page), { timeout: 10_000 })
        .toContain('已获得1次抽奖机会');
      await page.getByText('今日剩余抽奖机会 4 次，分享可再得机会').waitFor();
      await screenshot(page, 'campaign-raffle-shared');
      // The link shared through the app carries the sharer's code, so friends can help.
      const [shared] = await nativeShares(page);
      const link = new URL((shared!.params as { link: string }).link);
      expect(link.pathname).toBe('/activity/raffle/index');
      expect(link.searchParams.get('shareCode')).toBe(shareCode);

      // Two more shares reach the cap of 3; a fourth earns nothing and says so.
      for (const left of [5, 6]) {
        await page.getByRole('button', { name: '分享得机会' }).click();
        await page.getByText(`今日剩余抽奖机会 ${left} 次`, { exact: false }).waitFor();
      }
      await page.getByText('今日剩余抽奖机会 6 次', { exact: true }).waitFor();
      await page.getByRole('button', { name: '分享得机会' }).click();
      await expect
        .poll(() => nativeToasts(page), { timeout: 10_000 })
        .toContain('今日分享奖励次数已达上限');
      await page.getByText('今日剩余抽奖机会 6 次', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('asks a visitor on a shared link to log in before helping', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      const path = `/activity/raffle/index?shareCode=${shareCode}`;
      await page.goto(`${app.url}${path}`);
      const assist = page.getByRole('region', { name: '好友助力' });
      await assist.getByText(/^.+邀请你助力，助力后TA可多抽一次$/).waitFor();
      await screenshot(page, 'campaign-raffle-assist-logged-out');
      await assist.getByRole('button', { name: '为好友助力' }).click();
      await expectLoginAsked(page, path);
      // A link whose code belongs to nobody says so instead of offering an assist.
      await page.goto(`${app.url}/activity/raffle/index?shareCode=ZZZZ9999`);
      const invalid = page.getByRole('region', { name: '好友助力' });
      await invalid.getByText('分享链接无效或已失效，自己也可以免费抽奖哦').waitFor();
      expect(await invalid.getByRole('button').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('lets a friend help once and never shows the sharer their own assist', async () => {
    const sharerBefore = (
      await campaignApi<{ bonus: number }>(app.url, sharerToken, 'GET', 'raffle/chances')
    ).data.bonus;
    const friend = await openLoggedIn(app.url, '13800008002');
    try {
      const { page } = friend;
      await page.goto(`${app.url}/activity/raffle/index?shareCode=${shareCode}`);
      const assist = page.getByRole('region', { name: '好友助力' });
      await assist.getByRole('button', { name: '为好友助力' }).click();
      await page.getByText(/^助力成功，.+获得了抽奖机会$/).waitFor();
      await assist.getByRole('button', { name: '已助力' }).waitFor();
      expect(await assist.getByRole('button', { name: '已助力' }).isDisabled()).toBe(true);
      await screenshot(page, 'campaign-raffle-assisted');
      // Coming back to the link later: the page knows the assist and offers none.
      await page.reload();
      const again = page.getByRole('region', { name: '好友助力' });
      await again.getByText(/^你已为.+助力，自己也来抽一次吧$/).waitFor();
      expect(await again.getByRole('button', { name: '已助力' }).isDisabled()).toBe(true);
      expect(await again.getByRole('button', { name: '为好友助力' }).count()).toBe(0);
      expect(friend.errors).toEqual([]);
    } finally {
      await friend.phone.close();
    }
    // The sharer's bonus was already at the cap from the first test: the assist is recorded, the
    // cap still holds.
    const after = (
      await campaignApi<{ bonus: number; bonusCap: number }>(
        app.url,
        sharerToken,
        'GET',
        'raffle/chances',
      )
    ).data;
    expect(after.bonus).toBe(Math.min(sharerBefore + 1, after.bonusCap));

    const sharer = await openAs(app.url, sharerToken);
    try {
      await sharer.page.goto(`${app.url}/activity/raffle/index?shareCode=${shareCode}`);
      await sharer.page.getByText(/今日剩余抽奖机会 \d+ 次/).waitFor();
      expect(await sharer.page.getByRole('region', { name: '好友助力' }).count()).toBe(0);
      expect(sharer.errors).toEqual([]);
    } finally {
      await sharer.phone.close();
    }
  });

  it('gives a sharer below the cap one more draw for a friend’s help', async () => {
    const owner = await loginThroughApi(app.url, '13800008003');
    const code = (await campaignApi<{ shareCode: string }>(app.url, owner, 'GET', 'raffle')).data
      .shareCode;
    const friend = await openLoggedIn(app.url, '13800008004');
    try {
      await friend.page.goto(`${app.url}/activity/raffle/index?shareCode=${code}`);
      await friend.page
        .getByRole('region', { name: '好友助力' })
        .getByRole('button', { name: '为好友助力' })
        .click();
      await friend.page.getByText(/^助力成功/).waitFor();
    } finally {
      await friend.phone.close();
    }
    const sharer = await openAs(app.url, owner);
    try {
      await sharer.page.goto(`${app.url}/activity/raffle/index`);
      await sharer.page.getByText('今日剩余抽奖机会 4 次，好友助力可再得机会').waitFor();
      expect(sharer.errors).toEqual([]);
    } finally {
      await sharer.phone.close();
    }
  });
});
