// Second instances of more kinds in the browser (issue 26, decision 0037): a sign-in, a vote and
// a free-meal shake created through the admin API open through their `?campaign=` URLs with their
// own titles, taglines and configured numbers; signing, voting and shaking act on them, and the
// links they lead to (my prizes, the prize detail, back to the campaign) keep the id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { settled } from './harness/desktop.ts';
import { liveCampaigns, openLoggedIn } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-instances-kinds-admin-key-0123456789';
const DAY_MS = 86_400_000;

describe('second instances of sign-in, vote and free meal through ?campaign=', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    const { startsAt, make: live } = liveCampaigns(app.url, ADMIN_KEY);
    await live({
      id: 'sign-weekend',
      kind: 'sign',
      title: '周末签到积分翻倍',
      rules: ['周末每天签到得12积分'],
      settings: { tagline: '周末专场，签到多得积分', dailyPoints: 12, streakRewards: [] },
    });
    await live({
      id: 'vote-new-flavour',
      kind: 'vote',
      title: '新口味人气投票',
      rules: ['每天可投1票'],
      settings: {
        votesPerDay: 1,
        closesAt: new Date(startsAt + 20 * DAY_MS).toISOString(),
        options: [
          {
            key: 'seaweed',
            name: '海苔脆',
            image: '/api/campaign/assets/chips.svg',
            description: '薄脆海苔，咸香可口',
          },
          {
            key: 'honey-chips',
            name: '蜂蜜黄油薯片',
            image: '/api/campaign/assets/chips.svg',
            description: '甜咸交织，一口上瘾',
          },
        ],
      },
    });
    await live({
      id: 'free-weekend',
      kind: 'free',
      title: '周末摇一摇',
      rules: ['每天2次摇奖机会'],
      settings: { dailyChances: 2, fallbackPrize: 'thanks', shakeThreshold: 15 },
      prizes: [
        {
          key: 'weekend-points',
          name: '周末66积分',
          image: '/api/campaign/assets/points.svg',
          kind: 'points',
          value: '66',
          weight: 1,
          stock: 5,
          slot: -1,
          usage: ['积分已存入您的账户。'],
        },
        {
          key: 'thanks',
          name: '谢谢参与',
          image: '/api/campaign/assets/thanks.svg',
          kind: 'thanks',
          weight: 0,
          slot: -1,
        },
      ],
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('signs in to the second sign-in campaign, whose prizes link keeps its id', async () => {
    const shopper = await openLoggedIn(app.url, '13800026101');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/sign/index?campaign=sign-weekend`);
      await page.getByRole('heading', { name: '周末签到积分翻倍' }).waitFor();
      await page.getByText('周末专场，签到多得积分').waitFor();
      // The button's number is this campaign's setting.
      await page.getByRole('button', { name: '立即签到 +12积分' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('+12 积分').waitFor();
      // The popup has faded in before the picture is taken.
      await settled(page);
      await screenshot(page, 'campaign-instance-sign-success');
      await dialog.getByRole('button', { name: '继续' }).click();
      await page.getByRole('button', { name: '今日已签到' }).waitFor();
      // No streak rewards configured: no empty card for them.
      expect(await page.getByRole('region', { name: '连签奖励' }).count()).toBe(0);
      const prizes = page.getByRole('link', { name: /查看我的奖品/ });
      expect(await prizes.getAttribute('href')).toBe('/activity/sign/award?campaign=sign-weekend');
      await screenshot(page, 'campaign-instance-sign-signed');

      // The kind's own sign-in has not been signed today.
      await page.goto(`${app.url}/activity/sign/index`);
      await page.getByRole('button', { name: '立即签到 +5积分' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('votes in the second vote, with its options and its one vote a day', async () => {
    const shopper = await openLoggedIn(app.url, '13800026102');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/vote/vote?campaign=vote-new-flavour`);
      await page.getByRole('heading', { name: '新口味人气投票' }).waitFor();
      // No tagline set: the subtitle states this vote's votes a day.
      await page.getByText('每天可投1票').first().waitFor();
      await page.getByRole('button', { name: '为蜂蜜黄油薯片投票' }).click();
      await page.getByText('投票成功，今天的票已投完').waitFor();
      await page.getByText('今天的票已投完，明天再来吧').waitFor();
      expect(await page.getByRole('button', { name: '为海苔脆投票' }).isDisabled()).toBe(true);
      await screenshot(page, 'campaign-instance-vote-voted');
      // The kind's own vote keeps its options and votes.
      await page.goto(`${app.url}/activity/vote/vote`);
      await page.getByRole('button', { name: '为芒果干投票' }).waitFor();
      expect(await page.getByRole('button', { name: '为芒果干投票' }).isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shakes the second free-meal campaign and follows its prize to the detail and back', async () => {
    const shopper = await openLoggedIn(app.url, '13800026103');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/free/index?campaign=free-weekend`);
      await page.getByRole('heading', { name: '周末摇一摇' }).waitFor();
      await page.getByText('每天2次摇奖机会，摇中即免单').waitFor();
      await page.getByText('今日剩余 2 次（每天 2 次）').waitFor();
      await page.getByText('周末66积分').waitFor();
      await screenshot(page, 'campaign-instance-free');
      await page.getByRole('button', { name: '摇一摇' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('恭喜摇中').waitFor();
      await dialog.getByText('周末66积分').first().waitFor();
      await settled(page);
      await screenshot(page, 'campaign-instance-free-won');
      await dialog.getByRole('button', { name: '知道了' }).click();
      await page.getByText('今日剩余 1 次（每天 2 次）').waitFor();

      await page.getByRole('link', { name: '我的奖品 ›' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/activity/free/award' &&
          url.searchParams.get('campaign') === 'free-weekend',
      );
      await page.getByRole('link', { name: '周末66积分 详情' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/sign/detail');
      await page.getByRole('heading', { name: '周末66积分' }).waitFor();
      await page.getByText('积分已存入您的账户。').waitFor();
      await screenshot(page, 'campaign-instance-free-detail');
      await page.getByRole('link', { name: '返回活动页' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/activity/free/index' &&
          url.searchParams.get('campaign') === 'free-weekend',
      );
      await page.getByText('今日剩余 1 次（每天 2 次）').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
