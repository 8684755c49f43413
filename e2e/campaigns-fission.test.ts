// Red-packet fission and the game centre in a phone browser (issue 20): a visitor is asked to
// log in; a shopper who came through a channel taps 开红包, goes through the WeChat authorisation
// (the development provider's page) and is back with the packet opened (the tap resumes); a friend
// opens the share link, helps the same way and sees their share; a forged link, a packet already
// helped and an ended campaign say so; the new shoppers' packet; the game centre's catalogue and a
// round of 眼疾手快 played by tapping the snacks, scored by the server. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, expectLoginAsked, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-fission-admin-key-0123456789';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

/** The development identity provider's page: 允许 brings the browser back. */
async function allowWechat(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/dev/wechat/authorize');
  await page.getByRole('link', { name: '允许' }).click();
}

async function adminGet(base: string, path: string) {
  const response = await fetch(`${base}/admin/api/${path}`, {
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  return ((await response.json()) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('red-packet fission and the game centre', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(() => app?.stop());

  let shareLink = '';

  it('asks a visitor to log in before opening a packet', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/redPacketFission/index`);
      await page.getByRole('heading', { name: '拆红包 好友一起分积分' }).waitFor();
      await page.getByText('888 积分红包，分 6 份，24 小时内拆完').waitFor();
      await bothWidths(page, 'fission-logged-out');
      await page.getByRole('button', { name: '登录开红包' }).click();
      await expectLoginAsked(page, '/activity/redPacketFission/index');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('opens a packet after the WeChat authorisation, attributed to the channel', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800009001');
    try {
      await page.goto(`${app.url}/activity/redPacketFission/channel?channel=poster`);
      await page.waitForURL((url) => url.pathname === '/activity/redPacketFission/index');
      await page.getByRole('button', { name: '开红包' }).click();
      await allowWechat(page);
      // Back on the page, the tap completes by itself.
      await page.waitForURL((url) => url.pathname === '/activity/redPacketFission/index');
      const dialog = page.getByRole('dialog', { name: '红包已开，你领到第一份' });
      await dialog.waitFor();
      await bothWidths(page, 'fission-opened-dialog');
      await dialog.getByRole('button', { name: '好的' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const packet = page.getByRole('region', { name: '红包' });
      await packet.getByText('已拆 1/6 份').waitFor();
      await packet.getByText(/剩余时间 2[34]:\d\d:\d\d/).waitFor();
      await page.getByRole('button', { name: '邀请好友帮拆' }).waitFor();
      await bothWidths(page, 'fission-my-packet');
      const mine = await page.evaluate(async () => {
        const r = await fetch('/api/campaign/fission');
        return ((await r.json()) as { data: { mine: { token: string } } }).data.mine.token;
      });
      shareLink = `/activity/redPacketFission/index?packet=${mine}&channel=poster`;
      const stats = await adminGet(app.url, 'campaigns/fission/fission-channels');
      expect(stats.channels).toContainEqual(
        expect.objectContaining({ channel: 'poster', packets: 1, helps: 0 }),
      );
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('lets a friend help once from the share link, and says so after', async () => {
    expect(shareLink).not.toBe('');
    const { phone, page, errors } = await openLoggedIn(app.url, '13800009002');
    try {
      await page.goto(`${app.url}${shareLink}`);
      await page.getByText('邀请你帮拆红包').waitFor();
      await bothWidths(page, 'fission-friend-invited');
      await page.getByRole('button', { name: '帮TA拆，我也领积分' }).click();
      await allowWechat(page);
      await page.waitForURL((url) => url.pathname === '/activity/redPacketFission/index');
      const dialog = page.getByRole('dialog', { name: '帮拆成功' });
      await dialog.getByText(/\d+ 积分已存入您的账户/).waitFor();
      await dialog.getByRole('button', { name: '好的' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(/你已帮TA拆过，领到 \d+ 积分/).waitFor();
      await page.getByRole('region', { name: '红包' }).getByText('已拆 2/6 份').waitFor();
      await bothWidths(page, 'fission-friend-helped');

      // The share is a prize in 我的奖品, labelled as fission's, and its detail opens.
      await page.goto(`${app.url}/my/prizes`);
      await page.getByText('积分 · 拆红包获得').waitFor();
      await page.getByRole('link', { name: /红包积分 \d+积分/ }).click();
      await page.waitForURL((url) => url.searchParams.get('campaign') === 'fission');
      await page
        .getByText(/红包积分 \d+积分/)
        .first()
        .waitFor();
      await bothWidths(page, 'fission-prize-detail');

      // A forged link is a clear refusal with a way on.
      await page.goto(`${app.url}/activity/redPacketFission/index?packet=AAAAAAAAAAAAAAAAAAAA`);
      await page.getByText('红包不存在，请核对分享链接').waitFor();
      await page.getByRole('link', { name: '我也开一个红包' }).waitFor();
      await bothWidths(page, 'fission-bad-link');

      // The new shoppers' packet: this shopper registered today.
      await page.goto(`${app.url}/activity/redPacketFission/newFission`);
      await page.getByText('1888 积分红包，分 4 份，48 小时内拆完').waitFor();
      await page.getByRole('button', { name: '开红包' }).click();
      const opened = page.getByRole('dialog', { name: '红包已开，你领到第一份' });
      await opened.getByRole('button', { name: '好的' }).click();
      await opened.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: '新人专享红包' }).waitFor();
      await page.getByRole('region', { name: '红包' }).getByText('已拆 1/4 份').waitFor();
      await bothWidths(page, 'fission-new-packet');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('says the campaign ended, and nobody can open or help', async () => {
    const fission = await adminGet(app.url, 'campaigns/fission');
    const endsAt = fission.endsAt;
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/fission', {
      startsAt: Date.now() - 10 * 86_400_000,
      endsAt: Date.now() - 1000,
    });
    const { phone, page, errors } = await openLoggedIn(app.url, '13800009003');
    try {
      await page.goto(`${app.url}/activity/redPacketFission/index`);
      await page.getByText(/活动已结束，感谢您的参与/).waitFor();
      expect(await page.getByRole('button', { name: '活动已结束' }).isDisabled()).toBe(true);
      await bothWidths(page, 'fission-ended');
      await page.goto(`${app.url}${shareLink}`);
      expect(await page.getByRole('button', { name: '活动已结束' }).isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
      await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/fission', {
        startsAt: fission.startsAt,
        endsAt,
      });
    }
  });

  it('lists the games with my chances and plays a round scored by the server', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800009004');
    try {
      await page.goto(`${app.url}/activity/game/index`);
      await page.getByRole('heading', { name: '眼疾手快' }).waitFor();
      await page.getByText('今日还可摇 3 次').waitFor();
      await page.getByText('我的积分').waitFor();
      await bothWidths(page, 'game-centre');
      await page.getByRole('button', { name: '开始游戏' }).click();
      // Tap every snack as it pops up, until the round is over.
      const snack = page.getByRole('button', { name: '零食，快点' });
      const result = page.getByRole('dialog', { name: /得分 \d+/ });
      let shot = false;
      while (!(await result.isVisible())) {
        if (await snack.isVisible().catch(() => false)) {
          if (!shot) {
            await screenshot(page, 'game-playing-390');
            shot = true;
          }
          await snack.dispatchEvent('pointerdown').catch(() => undefined);
        }
        await page.waitForTimeout(60);
      }
      // The server's result: the points it credited are the balance the page shows next.
      const line = (await result.getByText(/命中 \d+ 个/).textContent())!;
      const gained = Number(/获得 (\d+) 积分/.exec(line)?.[1] ?? 0);
      await bothWidths(page, 'game-result');
      await result.getByRole('button', { name: '好的' }).click();
      await result.waitFor({ state: 'hidden' });
      await page.getByText(/今日还可玩 4 局/).waitFor();
      await page.getByRole('region', { name: '我的积分' }).getByText(String(gained)).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows the game centre to a visitor and asks for login to play', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/game/index`);
      await page.getByText('登录后查看积分和游戏次数').waitFor();
      await bothWidths(page, 'game-centre-logged-out');

      // An empty catalogue and a centre not open yet say so (operators edit both).
      const game = await adminGet(app.url, 'campaigns/game');
      await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/game', {
        settings: { ...game.settings, catalogue: [] },
        startsAt: Date.now() + 86_400_000,
        endsAt: Date.now() + 10 * 86_400_000,
      });
      try {
        await page.reload();
        await page.getByText('游戏准备中，敬请期待').waitFor();
        await page.getByText(/活动尚未开始，敬请期待/).waitFor();
        expect(await page.getByRole('button', { name: '活动未开始' }).isDisabled()).toBe(true);
        await bothWidths(page, 'game-centre-empty-not-started');
      } finally {
        await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/game', {
          settings: game.settings,
          startsAt: game.startsAt,
          endsAt: game.endsAt,
        });
      }
      await page.reload();
      await page.getByRole('button', { name: '登录开始游戏' }).click();
      await expectLoginAsked(page, '/activity/game/index');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
