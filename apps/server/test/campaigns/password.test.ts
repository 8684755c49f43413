// The password prize over real HTTP: a right password wins once; wrong, not yet valid, expired,
// used up and already used each answer their own code; attempts are limited per shopper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { demoCode } from '../harness/index.ts';
import { DAY_MS, admin, call, data, newShopper, startCampaignServer } from './helpers.ts';

const REDEEM = '/api/campaign/password/redeem';

describe('password prize', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  it('shows the campaign logged out and needs login to redeem', async () => {
    const page = data(await call(s.url, 'GET', '/api/campaign/password'));
    expect(page.campaign).toMatchObject({
      id: 'password',
      title: '输口令 赢零食',
      state: 'running',
    });
    expect(page.prizes.map((p: { key: string }) => p.key)).toContain('live-coupon');
    expect(
      (await call(s.url, 'POST', REDEEM, { body: { password: demoCode(s, '零食节快乐') } })).body
        .code,
    ).toBe(-331007);
  });

  it('wins with a right password once, typed loosely, and each refusal has its own code', async () => {
    const a = await newShopper(s);
    // The seed's MORSEL2026 is a label, never accepted: this install generated its own password.
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: a.ut, body: { password: 'MORSEL2026' } })).body.code,
    ).toBe(60040);
    const points = demoCode(s, 'MORSEL2026');
    const won = data(
      await call(s.url, 'POST', REDEEM, {
        ut: a.ut,
        body: { password: ` ${points.slice(0, 4).toLowerCase()} ${points.slice(4)} ` },
      }),
    );
    expect(won.award).toMatchObject({
      prizeKey: 'package-points',
      kind: 'points',
      value: 88,
      source: 'password',
    });
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: a.ut, body: { password: points } })).body,
    ).toEqual({
      code: 60044,
      message: '您已经使用过该口令了',
      data: null,
    });
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: a.ut, body: { password: '芝麻开门' } })).body,
    ).toEqual({ code: 60040, message: '口令不正确，请核对后再试', data: null });
    expect(
      (
        await call(s.url, 'POST', REDEEM, {
          ut: a.ut,
          body: { password: demoCode(s, '年货节快乐') },
        })
      ).body,
    ).toEqual({ code: 60042, message: '该口令已过期', data: null });

    const now = s.clock.now();
    data(
      await admin(s.url, 'PUT', '/admin/api/campaigns/password/passwords/明天见', {
        prize: 'package-points',
        startsAt: now + DAY_MS,
        endsAt: now + 2 * DAY_MS,
      }),
    );
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: a.ut, body: { password: '明天见' } })).body,
    ).toMatchObject({ code: 60043, message: '该口令尚未生效，请留意活动时间' });

    data(
      await admin(s.url, 'PUT', '/admin/api/campaigns/password/passwords/限量一份', {
        prize: 'nuts-gift',
        startsAt: now - 1,
        endsAt: now + DAY_MS,
        useLimit: 1,
      }),
    );
    const b = await newShopper(s);
    expect(
      data(await call(s.url, 'POST', REDEEM, { ut: a.ut, body: { password: '限量一份' } })).award,
    ).toMatchObject({ kind: 'goods', state: 'needs_address' });
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: b.ut, body: { password: '限量一份' } })).body,
    ).toEqual({ code: 60041, message: '手慢了，该口令的奖品已被领完', data: null });

    const awards = data(await call(s.url, 'GET', '/api/campaign/password/awards', { ut: a.ut }));
    expect(awards.map((x: { prizeKey: string }) => x.prizeKey)).toEqual([
      'nuts-gift',
      'package-points',
    ]);
    expect(
      (await call(s.url, 'GET', `/api/campaign/password/awards/${awards[0].id}`, { ut: b.ut })).body
        .code,
    ).toBe(60003);
  });

  it('lets only one of many concurrent redemptions of a one-use password win', async () => {
    const now = s.clock.now();
    data(
      await admin(s.url, 'PUT', '/admin/api/campaigns/password/passwords/抢一个', {
        prize: 'package-points',
        startsAt: now - 1,
        endsAt: now + DAY_MS,
        useLimit: 1,
      }),
    );
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopper(s)));
    const answers = await Promise.all(
      shoppers.map((sh) =>
        call(s.url, 'POST', REDEEM, { ut: sh.ut, body: { password: '抢一个' } }),
      ),
    );
    expect(answers.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect(answers.filter((x) => x.body.code === 60041)).toHaveLength(7);
    const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/password'));
    expect(
      detail.passwords.find((p: { password: string }) => p.password === '抢一个'),
    ).toMatchObject({ used: 1, useLimit: 1 });
  });

  it('limits attempts per shopper in a window, then lets them try again', async () => {
    const c = await newShopper(s);
    // The start of a fresh 10-minute window.
    s.clock.set((Math.floor(s.clock.now() / 600_000) + 1) * 600_000);
    for (let i = 0; i < 10; i++)
      expect(
        (await call(s.url, 'POST', REDEEM, { ut: c.ut, body: { password: `猜${i}` } })).body.code,
      ).toBe(60040);
    const limited = await call(s.url, 'POST', REDEEM, {
      ut: c.ut,
      body: { password: demoCode(s, 'MORSEL2026') },
    });
    expect(limited.body).toMatchObject({
      code: 60045,
      message: '尝试次数过多，请10分钟后再试',
      data: { retryAfter: 600 },
    });
    s.clock.advance(600_000);
    expect(
      data(
        await call(s.url, 'POST', REDEEM, {
          ut: c.ut,
          body: { password: demoCode(s, 'MORSEL2026') },
        }),
      ).award.kind,
    ).toBe('points');
  });

  it('limits attempts per client address across shoppers', async () => {
    data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/password', {
        settings: { attemptsPerUser: 10, attemptsPerAddress: 3, attemptWindowMinutes: 10 },
      }),
    );
    // The start of a fresh 10-minute window.
    s.clock.set((Math.floor(s.clock.now() / 600_000) + 1) * 600_000);
    const shoppers = [await newShopper(s), await newShopper(s)];
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call(s.url, 'POST', REDEEM, {
            ut: shoppers[i % 2]!.ut,
            body: { password: `猜${i}` },
          })
        ).body.code,
      ).toBe(60040);
    expect(
      (
        await call(s.url, 'POST', REDEEM, {
          ut: shoppers[1]!.ut,
          body: { password: demoCode(s, 'MORSEL2026') },
        })
      ).body.code,
    ).toBe(60045);
    s.clock.advance(600_000);
    data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/password', {
        settings: { attemptsPerUser: 10, attemptsPerAddress: 200, attemptWindowMinutes: 10 },
      }),
    );
  });

  it('refuses bad input with 400 and the field named', async () => {
    const d = await newShopper(s);
    expect((await call(s.url, 'POST', REDEEM, { ut: d.ut, body: {} })).body).toEqual({
      code: 10001,
      message: '缺少参数 password',
      data: null,
    });
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: d.ut, body: { password: '' } })).body,
    ).toMatchObject({ code: 10001, message: '参数 password 长度不正确' });
    expect(
      (await call(s.url, 'POST', REDEEM, { ut: d.ut, body: { password: 'x'.repeat(33) } })).status,
    ).toBe(400);
    const broken = await fetch(`${s.url}${REDEEM}`, {
      method: 'POST',
      headers: { ut: d.ut, 'content-type': 'application/json' },
      body: '{"password":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 10000 });
  });
});
