// Every campaign action is refused outside its campaign's window, by the server's clock: before
// the start with 60001 and after the end with 60002, whatever the page shows. Reads stay open and
// report the state, so pages can say why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { demoCode } from '../harness/index.ts';
import {
  admin,
  call,
  DAY_MS,
  data,
  newShopper,
  startCampaignServer,
  type Shopper,
} from './helpers.ts';

describe('campaign windows', () => {
  let s: ProductTestServer;
  let shopper: Shopper;
  let sharer: Shopper;
  let shareCode: string;
  beforeAll(async () => {
    s = await startCampaignServer();
    shopper = await newShopper(s);
    sharer = await newShopper(s);
    shareCode = data(
      await call(s.url, 'GET', '/api/campaign/coupon/poster', { ut: sharer.ut }),
    ).shareCode;
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Each action with a body that would succeed inside the window, by campaign. */
  const actions = (): [campaign: string, path: string, body?: unknown][] => [
    ['sign', '/api/campaign/sign/today'],
    ['raffle', '/api/campaign/raffle/draw'],
    ['raffle', '/api/campaign/raffle/share'],
    ['raffle', '/api/campaign/raffle/assist', { shareCode }],
    ['password', '/api/campaign/password/redeem', { password: demoCode(s, 'MORSEL2026') }],
    ['coupon', '/api/campaign/coupon/claim', { templateKey: 'all-3-free' }],
    ['coupon', '/api/campaign/coupon/newuser/claim'],
    ['coupon', '/api/campaign/coupon/gift/claim', { shareCode }],
    ['coupon', '/api/campaign/coupon/exchange', { code: demoCode(s, 'SNACK2026') }],
  ];

  async function moveWindows(startsAt: number, endsAt: number): Promise<void> {
    for (const id of ['sign', 'raffle', 'password', 'coupon'])
      data(await admin(s.url, 'PATCH', `/admin/api/campaigns/${id}`, { startsAt, endsAt }));
  }

  it('refuses every action before the start and after the end, and reports the state', async () => {
    const now = s.clock.now();
    await moveWindows(now + DAY_MS, now + 30 * DAY_MS);
    for (const [campaign, path, body] of actions()) {
      const answer = await call(s.url, 'POST', path, { ut: shopper.ut, body });
      expect(answer.body, `${path} before the start`).toMatchObject({
        code: 60001,
        message: '活动尚未开始，敬请期待',
      });
      if (campaign !== 'coupon')
        expect(data(await call(s.url, 'GET', `/api/campaign/${campaign}`)).campaign.state).toBe(
          'not_started',
        );
    }
    await moveWindows(now - 30 * DAY_MS, now - 1);
    for (const [campaign, path, body] of actions()) {
      const answer = await call(s.url, 'POST', path, { ut: shopper.ut, body });
      expect(answer.body, `${path} after the end`).toMatchObject({
        code: 60002,
        message: '活动已结束，感谢您的参与',
      });
      if (campaign !== 'coupon')
        expect(data(await call(s.url, 'GET', `/api/campaign/${campaign}`)).campaign.state).toBe(
          'ended',
        );
    }
    expect(data(await call(s.url, 'GET', '/api/campaign/coupon/centre')).campaign.state).toBe(
      'ended',
    );
  });

  it('lets the same actions through once the window is open again', async () => {
    const now = s.clock.now();
    await moveWindows(now - DAY_MS, now + 30 * DAY_MS);
    for (const [, path, body] of actions()) {
      const answer = await call(s.url, 'POST', path, { ut: shopper.ut, body });
      expect(answer.body.code, `${path}: ${answer.body.message}`).toBe(0);
    }
  });
});
