// A second raffle created through the admin API (issue 26, decision 0037) is played in the
// browser through its `?campaign=` URL: its own title, board and chances beside the seeded raffle;
// paused by the operator, the page says so in Chinese and the draw is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, openLoggedIn } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-instances-admin-key-0123456789';
const DAY_MS = 86_400_000;

describe('a second raffle through ?campaign=', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    // The window is wide around now: the page runs on the server's real clock.
    const startsAt = Date.now() - DAY_MS;
    await adminApi(app.url, ADMIN_KEY, 'POST', 'campaigns', {
      id: 'weekend-raffle',
      kind: 'raffle',
      title: '周末零食大转盘',
      rules: ['每天2次免费抽奖机会'],
      startsAt,
      endsAt: startsAt + 30 * DAY_MS,
      status: 'live',
      settings: {
        layout: 'wheel',
        dailyChances: 2,
        bonusChancesPerDay: 1,
        fallbackPrize: 'thanks',
        winnersShown: 5,
        tagline: '周末专场，转一转赢零食',
      },
      prizes: [
        {
          key: 'mango',
          name: '芒果干一箱',
          image: '/api/campaign/assets/mango.svg',
          kind: 'goods',
          weight: 1,
          stock: 5,
          slot: 0,
        },
        {
          key: 'points-20',
          name: '20积分',
          image: '/api/campaign/assets/points.svg',
          kind: 'points',
          value: '20',
          weight: 0,
          slot: 1,
        },
        {
          key: 'thanks',
          name: '谢谢参与',
          image: '/api/campaign/assets/thanks.svg',
          kind: 'thanks',
          weight: 0,
          slot: 2,
        },
      ],
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows and draws the second raffle, then says it is paused', async () => {
    const shopper = await openLoggedIn(app.url, '13800026001');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/raffle/index?campaign=weekend-raffle`);
      await page.getByText('周末零食大转盘').first().waitFor();
      await page.getByText('周末专场，转一转赢零食').waitFor();
      await page.getByLabel('大转盘抽奖').waitFor();
      // The copy comes from this raffle's settings: two draws a day.
      await page.getByText('今日剩余抽奖机会 2 次', { exact: false }).waitFor();
      await page.getByRole('button', { name: /剩余2次/ }).click();
      await page.getByRole('dialog').getByText('芒果干一箱').waitFor();
      await screenshot(page, 'campaign-instance-won');
      await page.getByRole('button', { name: '继续抽奖' }).click();
      await page.getByText('今日剩余抽奖机会 1 次', { exact: false }).waitFor();

      // The seeded raffle is untouched: its grid and its three chances.
      await page.goto(`${app.url}/activity/raffle/index`);
      await page.getByLabel('九宫格抽奖').waitFor();
      await page.getByText('今日剩余抽奖机会 3 次', { exact: false }).waitFor();

      await adminApi(app.url, ADMIN_KEY, 'POST', 'campaigns/weekend-raffle/status', {
        status: 'paused',
      });
      await page.goto(`${app.url}/activity/raffle/index?campaign=weekend-raffle`);
      await page.getByText('活动已暂停，请稍后再来').waitFor();
      await page.getByRole('button', { name: /活动暂停中/ }).waitFor();
      expect(await page.getByRole('button', { name: /活动暂停中/ }).isDisabled()).toBe(true);
      // Nothing to share while paused.
      expect(await page.getByRole('button', { name: '分享' }).count()).toBe(0);
      await screenshot(page, 'campaign-instance-paused');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
