// Every campaign page while its campaign has not started yet: each says so with the start time,
// and no page offers its action (sign, draw, redeem, claim) before the server would take it.
// campaigns-every-page.test.ts does the same for campaigns that have ended.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, campaignApi, openLoggedIn } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

const ADMIN_KEY = 'e2e-not-started-admin-key-0123456789';
const DAY = 24 * 3600_000;

/** The page's main action, which must be disabled (or absent) before the start. */
const disabledAction = (text: string) => async (page: Page) => {
  const action = page.getByRole('button', { name: text });
  await action.first().waitFor();
  for (const button of await action.all()) expect(await button.isDisabled(), text).toBe(true);
};

describe('campaign pages before their start', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('says on every page when the campaign starts and offers nothing to do yet', async () => {
    const shopper = await openLoggedIn(app.url, '13800009101');
    const sharer = await loginThroughApi(app.url, '13800009102');
    const { shareCode } = (
      await campaignApi<{ shareCode: string }>(app.url, sharer, 'GET', 'coupon/poster')
    ).data;
    const startsAt = Date.now() + 3 * DAY;
    for (const id of ['sign', 'raffle', 'password', 'coupon'])
      await adminApi(app.url, ADMIN_KEY, 'PATCH', `campaigns/${id}`, {
        startsAt,
        endsAt: startsAt + 30 * DAY,
      });

    const pages: [path: string, check: (page: Page) => Promise<void>][] = [
      ['/activity/sign/index', disabledAction('活动未开始')],
      ['/activity/sign/award', async () => {}],
      [
        '/activity/raffle/index',
        async (page) => {
          await page.getByText('即将开始').waitFor();
          await disabledAction('抽奖 即将开始')(page);
        },
      ],
      ['/activity/raffle/award', async () => {}],
      ['/activity/password/index', disabledAction('活动未开始')],
      ['/activity/password/award', async () => {}],
      [
        '/activity/coupon/core',
        async (page) => {
          await page.getByRole('article').first().waitFor();
          await disabledAction('立即领取')(page);
        },
      ],
      [
        '/activity/coupon/poster',
        async (page) => {
          await page.getByText('活动期间才能生成分享海报').waitFor();
          expect(await page.getByRole('img', { name: '分享海报' }).count()).toBe(0);
        },
      ],
      ['/activity/newuser/coupon', disabledAction('活动未开始')],
      [`/activity/sendCoupon/index?shareCode=${shareCode}`, disabledAction('活动未开始')],
    ];
    const { page } = shopper;
    try {
      for (const [path, check] of pages) {
        await page.goto(`${app.url}${path}`);
        await page
          .getByText(/活动尚未开始，敬请期待（.+ 开始）/)
          .first()
          .waitFor();
        await check(page);
        if (/sign\/index|raffle\/index|coupon\/core/.test(path))
          await screenshot(
            page,
            `campaign-not-started-${path
              .replace(/^\/activity\//, '')
              .replace(/\?.*$/, '')
              .replace('/', '-')}`,
          );
      }
      // The server refuses the actions too, whatever a page shows.
      expect((await campaignApi(app.url, shopper.token, 'POST', 'sign/today')).code).toBe(60001);
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
