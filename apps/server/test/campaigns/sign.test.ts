// Daily sign-in over real HTTP: the calendar logged out and in, once per Asia/Shanghai day by the
// server's clock, the streak, milestone rewards once per streak, the window, my prizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { DAY_MS, admin, call, data, newShopper, startCampaignServer } from './helpers.ts';

describe('daily sign-in', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  it('shows the month logged out with nothing signed, and asks for login to sign', async () => {
    const page = data(await call(s.url, 'GET', '/api/campaign/sign'));
    expect(page).toMatchObject({
      loggedIn: false,
      today: '2026-01-15',
      month: '2026-01',
      signedToday: false,
      streak: 0,
      points: null,
      dailyPoints: 5,
    });
    expect(page.campaign).toMatchObject({ id: 'sign', state: 'running', title: '每日签到领好礼' });
    expect(page.days).toHaveLength(31);
    expect(page.days.filter((d: { signed: boolean }) => d.signed)).toHaveLength(0);
    expect(page.streakRewards.map((r: { days: number }) => r.days)).toEqual([3, 7, 15, 30]);
    // An invalid token reads as logged out here; signing needs a real session.
    expect(data(await call(s.url, 'GET', '/api/campaign/sign', { ut: 'nonsense' })).loggedIn).toBe(
      false,
    );
    expect((await call(s.url, 'POST', '/api/campaign/sign/today')).body).toEqual({
      code: -331007,
      message: '登录已失效，请重新登录',
      data: null,
    });
  });

  it('signs once a day by the server date in China, counts the streak and awards milestones once', async () => {
    const start = s.clock.now();
    const a = await newShopper(s);
    const first = data(await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut }));
    expect(first).toEqual({ date: '2026-01-15', streak: 1, points: 5, balance: 5, reward: null });
    expect((await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut })).body).toEqual({
      code: 60010,
      message: '今天已经签到过了，明天再来吧',
      data: null,
    });

    // 23:59 in China is still the same day; a minute later it is tomorrow.
    s.clock.set(Date.UTC(2026, 0, 15, 15, 59, 0));
    expect((await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut })).body.code).toBe(
      60010,
    );
    s.clock.set(Date.UTC(2026, 0, 15, 16, 0, 0));
    expect(data(await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut }))).toMatchObject(
      { date: '2026-01-16', streak: 2, reward: null },
    );

    s.clock.advance(DAY_MS);
    const third = data(await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut }));
    expect(third).toMatchObject({ date: '2026-01-17', streak: 3, balance: 5 * 3 + 20 });
    expect(third.reward).toMatchObject({
      prizeKey: 'streak-3',
      name: '20积分',
      kind: 'points',
      value: 20,
      source: 'streak',
    });

    const page = data(await call(s.url, 'GET', '/api/campaign/sign', { ut: a.ut }));
    expect(page).toMatchObject({ loggedIn: true, signedToday: true, streak: 3, points: 35 });
    expect(
      page.days.filter((d: { signed: boolean }) => d.signed).map((d: { date: string }) => d.date),
    ).toEqual(['2026-01-15', '2026-01-16', '2026-01-17']);
    expect(page.streakRewards.map((r: { reached: boolean }) => r.reached)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(
      data(await call(s.url, 'GET', '/api/campaign/sign?month=2025-12', { ut: a.ut })).days.some(
        (d: { signed: boolean }) => d.signed,
      ),
    ).toBe(false);

    // Days 4..7: the 7-day milestone is a coupon.
    let seventh;
    for (let day = 4; day <= 7; day++) {
      s.clock.advance(DAY_MS);
      seventh = data(await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut }));
    }
    expect(seventh).toMatchObject({ streak: 7, reward: { prizeKey: 'streak-7', kind: 'coupon' } });
    expect(seventh.reward.couponId).toEqual(expect.any(Number));

    // A missed day breaks the streak: it starts again at 1, and day 3 of the new streak pays again.
    s.clock.advance(2 * DAY_MS);
    expect(data(await call(s.url, 'GET', '/api/campaign/sign', { ut: a.ut }))).toMatchObject({
      signedToday: false,
      streak: 0,
    });
    expect(data(await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut }))).toMatchObject(
      { streak: 1 },
    );
    s.clock.advance(DAY_MS);
    await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut });
    s.clock.advance(DAY_MS);
    expect(
      data(await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut })).reward,
    ).toMatchObject({ prizeKey: 'streak-3' });

    const awards = data(await call(s.url, 'GET', '/api/campaign/sign/awards', { ut: a.ut }));
    expect(awards.map((x: { prizeKey: string }) => x.prizeKey)).toEqual([
      'streak-3',
      'streak-7',
      'streak-3',
    ]);
    const detail = data(
      await call(s.url, 'GET', `/api/campaign/sign/awards/${awards[1].id}`, { ut: a.ut }),
    );
    expect(detail).toMatchObject({
      prizeKey: 'streak-7',
      kind: 'coupon',
      coupon: { templateKey: 'nuts-5-off', status: 'unused', thresholdText: '满39元可用' },
    });
    expect(detail.usage.length).toBeGreaterThan(0);
    s.clock.set(start);
  });

  it("answers another shopper's prize as not found", async () => {
    const a = await newShopper(s);
    const b = await newShopper(s);
    for (let i = 0; i < 3; i++) {
      await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut });
      s.clock.advance(DAY_MS);
    }
    const [award] = data(await call(s.url, 'GET', '/api/campaign/sign/awards', { ut: a.ut }));
    expect(award).toBeDefined();
    expect(
      (await call(s.url, 'GET', `/api/campaign/sign/awards/${award.id}`, { ut: b.ut })).body,
    ).toEqual({ code: 60003, message: '奖品不存在', data: null });
    expect(
      (await call(s.url, 'GET', `/api/campaign/raffle/awards/${award.id}`, { ut: a.ut })).body.code,
    ).toBe(60003);
    expect(data(await call(s.url, 'GET', '/api/campaign/sign/awards', { ut: b.ut }))).toEqual([]);
  });

  it('refuses signing outside the window, and bad parameters with 400', async () => {
    const a = await newShopper(s);
    const now = s.clock.now();
    data(await admin(s.url, 'PATCH', '/admin/api/campaigns/sign', { startsAt: now + DAY_MS }));
    expect(
      (await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut })).body,
    ).toMatchObject({ code: 60001, message: '活动尚未开始，敬请期待' });
    expect(data(await call(s.url, 'GET', '/api/campaign/sign')).campaign.state).toBe('not_started');
    data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/sign', {
        startsAt: now - 30 * DAY_MS,
        endsAt: now,
      }),
    );
    expect(
      (await call(s.url, 'POST', '/api/campaign/sign/today', { ut: a.ut })).body,
    ).toMatchObject({ code: 60002, message: '活动已结束，感谢您的参与' });
    expect(data(await call(s.url, 'GET', '/api/campaign/sign')).campaign.state).toBe('ended');
    data(await admin(s.url, 'PATCH', '/admin/api/campaigns/sign', { endsAt: now + 365 * DAY_MS }));

    for (const month of ['2026-13', '2026-1', 'x']) {
      const bad = await call(s.url, 'GET', `/api/campaign/sign?month=${month}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ code: 10001, message: '参数 month 格式不正确', data: null });
    }
    expect((await call(s.url, 'GET', '/api/campaign/sign/awards/abc', { ut: a.ut })).status).toBe(
      400,
    );
    expect((await call(s.url, 'GET', '/api/campaign/nothing/awards', { ut: a.ut })).body).toEqual({
      code: 60000,
      message: '活动不存在',
      data: null,
    });
  });
});
