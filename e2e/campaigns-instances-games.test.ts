// Second instances of the open bag, the red-packet rain, the fission packet and the coupon centre
// in the browser (issue 26, decisions 0049 and 0059): each is made through the admin API (the
// coupon centre's template added with POST /admin/api/coupon-templates) and opened by a shopper
// with `?campaign=`, showing its own configured numbers and prizes; acting on it counts against
// it, never against the kind's own campaign, and the way back and on keeps the id.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { settled } from './harness/desktop.ts';
import { adminApi, liveCampaigns, openLoggedIn } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-instances-games-admin-key-0123456789';

/** The shipped coupon centre's settings: a second centre starts from them. */
const couponSettings = (
  JSON.parse(
    fs.readFileSync(new URL('../apps/server/seed/campaigns/coupon.json', import.meta.url), 'utf8'),
  ) as { settings: Record<string, unknown> }
).settings;

const thanks = {
  key: 'thanks',
  name: '谢谢参与',
  image: '/api/campaign/assets/thanks.svg',
  kind: 'thanks',
  weight: 0,
  slot: -1,
};

describe('second instances of the bag, the rain, the fission packet and the coupon centre', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    const { make: live } = liveCampaigns(app.url, ADMIN_KEY);
    await live({
      id: 'bag-weekend',
      kind: 'bag',
      title: '周末开袋有奖',
      rules: ['每天可兑奖5次'],
      settings: { tagline: '周末开袋专场', fallbackPrize: 'thanks', attemptsPerDay: 5 },
      prizes: [
        {
          key: 'weekend-nuts',
          name: '周末坚果礼盒',
          image: '/api/campaign/assets/nuts.svg',
          kind: 'goods',
          weight: 1,
          stock: 5,
          slot: -1,
        },
        thanks,
      ],
    });
    await adminApi(app.url, ADMIN_KEY, 'POST', 'campaigns/bag-weekend/bag-codes', {
      batch: 'weekend',
      codes: ['WEEKEND001'],
    });
    await live({
      id: 'rain-weekend',
      kind: 'rain',
      title: '周末红包雨',
      rules: ['每天1次机会'],
      settings: {
        dailyChances: 1,
        bonusChancesPerDay: 2,
        roundSeconds: 10,
        packetsPerRound: 20,
        fallMs: 3000,
        maxTapsPerSecond: 8,
        maxTapsPerRound: 40,
        minCatches: 1,
        fallbackPrize: 'thanks',
        requireWechat: false,
      },
      prizes: [
        {
          key: 'weekend-points',
          name: '周末66积分红包',
          image: '/api/campaign/assets/points.svg',
          kind: 'points',
          value: '66',
          weight: 1,
          stock: 100,
          slot: -1,
        },
        thanks,
      ],
    });
    await live({
      id: 'fission-weekend',
      kind: 'fission',
      title: '周末拆红包',
      rules: ['每天可开1个红包'],
      settings: {
        packet: { totalPoints: 300, shares: 3, minutes: 600 },
        newUser: { totalPoints: 600, shares: 3, minutes: 600, accountAgeDays: 7 },
        packetsPerDay: 1,
        helpsPerDay: 5,
        sharePrize: 'weekend-share',
        shareTitle: '周末帮我拆红包',
        shareImage: '/api/campaign/assets/red-packet.svg',
      },
      prizes: [
        {
          key: 'weekend-share',
          name: '周末红包积分',
          image: '/api/campaign/assets/points.svg',
          kind: 'points',
          value: '1',
          weight: 0,
          slot: -1,
        },
      ],
    });
    await live({
      id: 'coupon-weekend',
      kind: 'coupon',
      title: '周末领券',
      rules: ['周末专享券'],
      settings: { ...couponSettings, tagline: '周末专享好券' },
    });
    await adminApi(app.url, ADMIN_KEY, 'POST', 'coupon-templates', {
      campaignId: 'coupon-weekend',
      key: 'weekend-6-off-30',
      name: '周末满30减6元',
      category: '全场通用',
      value: 600,
      threshold: 3000,
      validDays: 7,
      stock: 20,
      perUserLimit: 1,
      claimable: true,
      channels: ['online', 'store'],
      scope: '全场零食',
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('opens a code of the second bag with its attempts and prize; the kind keeps its own', async () => {
    const shopper = await openLoggedIn(app.url, '13800026201');
    const { page, errors } = shopper;
    try {
      await page.goto(
        `${app.url}/activity/openBagPrize/index?campaign=bag-weekend&code=WEEKEND001`,
      );
      await page.getByText('今日还可兑奖 5 次 · 已开袋 0 次').waitFor();
      await screenshot(page, 'campaign-instance-bag');
      await page.getByRole('button', { name: '立即开奖' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('开袋中奖').waitFor();
      await dialog.getByText('周末坚果礼盒').waitFor();
      await settled(page);
      await screenshot(page, 'campaign-instance-bag-won');
      // The kind's own bag counts nothing of it.
      await page.goto(`${app.url}/activity/openBagPrize/index`);
      await page.getByText('今日还可兑奖 30 次 · 已开袋 0 次').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('shows the second rain with its chances and prizes; its prizes link keeps the id', async () => {
    const shopper = await openLoggedIn(app.url, '13800026202');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/redPacketRain/index?campaign=rain-weekend`);
      await page.getByRole('heading', { name: '周末红包雨' }).waitFor();
      await page.getByText('今日剩余 1 次（每天 1 次，好友助力已得 0/2 次）').waitFor();
      await page.getByRole('region', { name: '奖品' }).getByText('周末66积分红包').waitFor();
      expect(await page.getByText('88积分红包').count()).toBe(0);
      await screenshot(page, 'campaign-instance-rain');
      const prizes = page.getByRole('link', { name: '我的奖品 ›' });
      expect(await prizes.getAttribute('href')).toBe(
        '/activity/redPacketRain/award?campaign=rain-weekend',
      );
      // The kind's own rain keeps its numbers.
      await page.goto(`${app.url}/activity/redPacketRain/index`);
      await page.getByText('今日剩余 2 次（每天 2 次，好友助力已得 0/3 次）').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('opens a packet of the second fission with its points and shares', async () => {
    const shopper = await openLoggedIn(app.url, '13800026203');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/redPacketFission/index?campaign=fission-weekend`);
      await page.getByRole('heading', { name: '周末拆红包' }).waitFor();
      await page.getByText('300 积分红包，分 3 份，10 小时内拆完').waitFor();
      await page.getByRole('button', { name: '开红包' }).click();
      // The WeChat authorisation brings the browser back to this instance.
      await page.waitForURL((url) => url.pathname === '/dev/wechat/authorize');
      await page.getByRole('link', { name: '允许' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/activity/redPacketFission/index' &&
          url.searchParams.get('campaign') === 'fission-weekend',
      );
      const dialog = page.getByRole('dialog', { name: '红包已开，你领到第一份' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '好的' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('region', { name: '红包' }).getByText('已拆 1/3 份').waitFor();
      await screenshot(page, 'campaign-instance-fission');
      // The kind's own fission has no packet of this shopper.
      await page.goto(`${app.url}/activity/redPacketFission/index`);
      await page.getByText('888 积分红包，分 6 份，24 小时内拆完').waitFor();
      expect(await page.getByText('已拆 1/3 份').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('claims the template added to the second coupon centre there, and only there', async () => {
    const shopper = await openLoggedIn(app.url, '13800026204');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/coupon/core?campaign=coupon-weekend`);
      const card = page.getByRole('article', { name: '周末满30减6元' });
      await card.waitFor();
      expect(await page.getByRole('article', { name: '全场满99减10元' }).count()).toBe(0);
      await card.getByRole('button', { name: '立即领取' }).click();
      const popup = page.getByRole('dialog', { name: '领取成功' });
      await popup.getByText('有效期至').waitFor();
      await settled(page);
      await screenshot(page, 'campaign-instance-coupon-claimed');
      await popup.getByRole('button', { name: '继续' }).click();
      await card.getByText('已领取').waitFor();
      // The kind's own centre lists its templates, not this one.
      await page.goto(`${app.url}/activity/coupon/core`);
      await page.getByRole('article', { name: '全场满99减10元' }).waitFor();
      expect(await page.getByRole('article', { name: '周末满30减6元' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
