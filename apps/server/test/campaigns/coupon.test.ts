// Coupons over real HTTP: the centre, claims with per-user limits and stock, my coupons with the
// redemption code, use online and in a store (once), expiry, exchange codes, the new-user pack
// and coupons sent to friends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { demoCode } from '../harness/index.ts';
import {
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  startCampaignServer,
  type Json,
  type Shopper,
} from './helpers.ts';

const CLAIM = '/api/campaign/coupon/claim';

describe('coupons', () => {
  let s: ProductTestServer;
  let a: Shopper;
  beforeAll(async () => {
    s = await startCampaignServer();
    a = await newShopper(s);
  });
  afterAll(() => s?.stop());

  const coupon = (centre: Json, key: string) =>
    centre.categories
      .flatMap((c: { coupons: unknown[] }) => c.coupons)
      .find((t: { templateKey: string }) => t.templateKey === key);

  it('shows the centre by category, logged out and with my state', async () => {
    const centre = data(await call(s.url, 'GET', '/api/campaign/coupon/centre'));
    expect(centre.loggedIn).toBe(false);
    expect(centre.categories.map((c: { name: string }) => c.name)).toEqual([
      '全场通用',
      '坚果炒货',
      '果干蜜饯',
      '饼干糕点',
      '饮品冲调',
    ]);
    expect(coupon(centre, 'all-10-off-99')).toMatchObject({
      valueText: '¥10',
      thresholdText: '满99元可用',
      state: 'claimable',
      claimedByMe: 0,
    });
    expect(coupon(centre, 'newuser-5-off-19')).toBeUndefined();

    const claimed = data(
      await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'all-10-off-99' } }),
    );
    expect(claimed).toMatchObject({
      templateKey: 'all-10-off-99',
      status: 'unused',
      source: 'centre',
      expiresAt: s.clock.now() + 30 * DAY_MS,
    });
    expect(claimed.code).toBeUndefined();
    expect(
      (await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'all-10-off-99' } })).body,
    ).toEqual({ code: 60052, message: '您已领取过该优惠券', data: null });
    expect(
      coupon(
        data(await call(s.url, 'GET', '/api/campaign/coupon/centre', { ut: a.ut })),
        'all-10-off-99',
      ),
    ).toMatchObject({ state: 'claimed', claimedByMe: 1 });

    // A limit of 2 lets the second claim through.
    data(await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'nuts-5-off' } }));
    data(await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'nuts-5-off' } }));
    expect(
      (await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'nuts-5-off' } })).body
        .code,
    ).toBe(60052);

    // Templates that are not in the centre cannot be claimed by key.
    expect(
      (await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'newuser-25-off-129' } }))
        .body.code,
    ).toBe(60050);
    expect(
      (await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'NOPE' } })).status,
    ).toBe(400);
  });

  it('sells out at its stock under concurrent claims', async () => {
    const set = await admin(s.url, 'POST', '/admin/api/coupon-templates/drink-5-off-30/stock', {
      add: -795,
    });
    expect(data(set)).toMatchObject({ stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => newShopper(s)));
    const answers = await Promise.all(
      shoppers.map((sh) =>
        call(s.url, 'POST', CLAIM, { ut: sh.ut, body: { templateKey: 'drink-5-off-30' } }),
      ),
    );
    expect(answers.filter((x) => x.body.code === 0)).toHaveLength(5);
    expect(answers.filter((x) => x.body.code === 60051).map((x) => x.body.message)).toEqual(
      Array(7).fill('优惠券已抢光'),
    );
    expect(
      coupon(
        data(await call(s.url, 'GET', '/api/campaign/coupon/centre', { ut: a.ut })),
        'drink-5-off-30',
      ),
    ).toMatchObject({ soldOut: true, state: 'sold_out' });
  });

  it('shows my coupons with the code to their owner only, and uses them once', async () => {
    const b = await newShopper(s);
    const mine = data(await call(s.url, 'GET', '/api/campaign/coupon/mine', { ut: a.ut }));
    expect(mine.length).toBe(3);
    const general = mine.find((c: { templateKey: string }) => c.templateKey === 'all-10-off-99');
    const detail = data(
      await call(s.url, 'GET', `/api/campaign/coupon/mine/${general.id}`, { ut: a.ut }),
    );
    expect(detail.code).toMatch(/^\d{16}$/);
    expect(detail).toMatchObject({
      channels: ['store', 'online'],
      onlinePath: '/mall',
      scope: expect.any(String),
    });
    expect(
      (await call(s.url, 'GET', `/api/campaign/coupon/mine/${general.id}`, { ut: b.ut })).body,
    ).toEqual({ code: 60050, message: '优惠券不存在', data: null });
    expect(
      (
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${general.id}/use`, {
          ut: b.ut,
          body: { orderAmount: 20000 },
        })
      ).body.code,
    ).toBe(60050);

    expect(
      (
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${general.id}/use`, {
          ut: a.ut,
          body: { orderAmount: 5000 },
        })
      ).body,
    ).toMatchObject({
      code: 60056,
      message: '订单金额满99元才能使用该优惠券',
      data: { threshold: 9900 },
    });
    expect(
      (
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${general.id}/use`, {
          ut: a.ut,
          body: { orderAmount: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      data(
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${general.id}/use`, {
          ut: a.ut,
          body: { orderAmount: 12800 },
        }),
      ),
    ).toMatchObject({
      discount: 1000,
      payable: 11800,
    });
    expect(
      (
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${general.id}/use`, {
          ut: a.ut,
          body: { orderAmount: 12800 },
        })
      ).body.code,
    ).toBe(60053);
    expect(
      data(await call(s.url, 'GET', '/api/campaign/coupon/mine?status=used', { ut: a.ut })).map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([general.id]);
    expect(
      (await call(s.url, 'GET', '/api/campaign/coupon/mine?status=all', { ut: a.ut })).status,
    ).toBe(400);

    // A store-only coupon is not used online; the cashier redeems its code once.
    const biscuit = data(
      await call(s.url, 'POST', CLAIM, { ut: a.ut, body: { templateKey: 'biscuit-6-off-49' } }),
    );
    expect(
      (
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${biscuit.id}/use`, {
          ut: a.ut,
          body: { orderAmount: 9900 },
        })
      ).body,
    ).toMatchObject({ code: 60055, message: '该优惠券仅限门店使用' });
    const { code } = data(
      await call(s.url, 'GET', `/api/campaign/coupon/mine/${biscuit.id}`, { ut: a.ut }),
    );
    expect(data(await admin(s.url, 'POST', '/admin/api/coupons/redeem', { code }))).toMatchObject({
      couponId: biscuit.id,
    });
    expect((await admin(s.url, 'POST', '/admin/api/coupons/redeem', { code })).body.code).toBe(
      60053,
    );
    expect(
      (await admin(s.url, 'POST', '/admin/api/coupons/redeem', { code: '0000000000000000' })).body
        .code,
    ).toBe(60050);
  });

  it('expires coupons by the server clock', async () => {
    const c = await newShopper(s);
    const claimed = data(
      await call(s.url, 'POST', CLAIM, { ut: c.ut, body: { templateKey: 'all-3-free' } }),
    );
    s.clock.advance(7 * DAY_MS);
    expect(data(await call(s.url, 'GET', '/api/campaign/coupon/mine', { ut: c.ut }))).toEqual([]);
    expect(
      data(await call(s.url, 'GET', '/api/campaign/coupon/mine?status=expired', { ut: c.ut }))[0],
    ).toMatchObject({ id: claimed.id, status: 'expired' });
    expect(
      (
        await call(s.url, 'POST', `/api/campaign/coupon/mine/${claimed.id}/use`, {
          ut: c.ut,
          body: { orderAmount: 1000 },
        })
      ).body,
    ).toMatchObject({ code: 60054, message: '优惠券已过期' });
  });

  it('turns an exchange code into a coupon once', async () => {
    const c = await newShopper(s);
    const d = await newShopper(s);
    // The seed's SNACK2026 is a label: this install generated its own code, typed loosely here.
    const snack = demoCode(s, 'SNACK2026');
    const typed = `${snack.slice(0, 5)}-${snack.slice(5)}`.toLowerCase();
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/coupon/exchange', {
          ut: c.ut,
          body: { code: 'SNACK2026' },
        })
      ).body.code,
    ).toBe(60061);
    expect(
      data(
        await call(s.url, 'POST', '/api/campaign/coupon/exchange', {
          ut: c.ut,
          body: { code: typed },
        }),
      ),
    ).toMatchObject({ templateKey: 'all-3-free', source: 'exchange' });
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/coupon/exchange', {
          ut: d.ut,
          body: { code: snack },
        })
      ).body,
    ).toMatchObject({ code: 60062, message: '兑换码已被使用' });
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/coupon/exchange', {
          ut: d.ut,
          body: { code: 'NOSUCHCODE' },
        })
      ).body.code,
    ).toBe(60061);
    const made = data(
      await admin(s.url, 'POST', '/admin/api/coupon-templates/fruit-8-off-59/exchange-codes', {
        count: 2,
        expiresAt: s.clock.now() + DAY_MS,
      }),
    );
    expect(made.codes).toHaveLength(2);
    s.clock.advance(DAY_MS);
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/coupon/exchange', {
          ut: d.ut,
          body: { code: made.codes[0] },
        })
      ).body,
    ).toMatchObject({ code: 60063, message: '兑换码已过期' });
  });

  it('gives the new-user pack once, to new accounts only', async () => {
    const fresh = await newShopper(s);
    const page = data(await call(s.url, 'GET', '/api/campaign/coupon/newuser', { ut: fresh.ut }));
    expect(page).toMatchObject({
      title: '新人专享 38元礼包',
      totalValue: 3800,
      claimed: false,
      eligible: true,
    });
    expect(data(await call(s.url, 'GET', '/api/campaign/coupon/newuser'))).toMatchObject({
      loggedIn: false,
      eligible: null,
      claimed: false,
    });
    const pack = data(
      await call(s.url, 'POST', '/api/campaign/coupon/newuser/claim', { ut: fresh.ut }),
    );
    expect(pack.map((c: { templateKey: string }) => c.templateKey)).toEqual([
      'newuser-5-off-19',
      'newuser-8-off-39',
      'newuser-25-off-129',
    ]);
    expect(
      (await call(s.url, 'POST', '/api/campaign/coupon/newuser/claim', { ut: fresh.ut })).body,
    ).toEqual({ code: 60057, message: '您已领取过新人礼包', data: null });
    expect(
      data(await call(s.url, 'GET', '/api/campaign/coupon/newuser', { ut: fresh.ut })).claimed,
    ).toBe(true);

    const old = await newShopper(s);
    s.clock.advance(31 * DAY_MS);
    expect(
      (await call(s.url, 'POST', '/api/campaign/coupon/newuser/claim', { ut: old.ut })).body,
    ).toMatchObject({ code: 60058, message: '新人礼包仅限新注册用户领取' });
  });

  it("lets a friend claim the coupon a shopper sends, once, never one's own", async () => {
    const sender = await newShopper(s);
    const friend = await newShopper(s);
    const poster = data(await call(s.url, 'GET', '/api/campaign/coupon/poster', { ut: sender.ut }));
    expect(poster).toMatchObject({
      title: '送你一张零食券',
      coupon: { templateKey: 'gift-8-off-39' },
      sharePath: `/activity/sendCoupon/index?shareCode=${poster.shareCode}`,
    });
    expect((await call(s.url, 'GET', '/api/campaign/coupon/poster')).body.code).toBe(-331007);

    const gift = data(
      await call(s.url, 'GET', `/api/campaign/coupon/gift?shareCode=${poster.shareCode}`),
    );
    expect(gift).toMatchObject({
      sharer: { mobile: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) },
      coupon: { valueText: '¥8' },
      loggedIn: false,
      claimed: false,
    });
    expect(
      (await call(s.url, 'GET', '/api/campaign/coupon/gift?shareCode=ZZZZ9999')).body.code,
    ).toBe(60023);
    expect((await call(s.url, 'GET', '/api/campaign/coupon/gift')).status).toBe(400);

    const claim = (who: Shopper, shareCode: string) =>
      call(s.url, 'POST', '/api/campaign/coupon/gift/claim', { ut: who.ut, body: { shareCode } });
    expect((await claim(sender, poster.shareCode)).body).toMatchObject({
      code: 60059,
      message: '不能领取自己分享的优惠券哦',
    });
    expect(data(await claim(friend, poster.shareCode))).toMatchObject({
      templateKey: 'gift-8-off-39',
      source: 'gift',
    });
    expect((await claim(friend, poster.shareCode)).body).toMatchObject({
      code: 60060,
      message: '您已领取过好友赠送的优惠券',
    });
    // One claim per receiver, whoever else sends one.
    const other = data(await call(s.url, 'GET', '/api/campaign/coupon/poster', { ut: a.ut }));
    expect((await claim(friend, other.shareCode)).body.code).toBe(60060);
    expect(
      data(
        await call(s.url, 'GET', `/api/campaign/coupon/gift?shareCode=${poster.shareCode}`, {
          ut: friend.ut,
        }),
      ).claimed,
    ).toBe(true);
  });
});

// The centre's tabs: a category the operator lists stays (with no coupons, the page says
// 该分类暂无优惠券); a category only a template names comes and goes with its coupons.
describe('coupon centre categories', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  const centre = async () =>
    data(await call(s.url, 'GET', '/api/campaign/coupon/centre')).categories as {
      name: string;
      coupons: { templateKey: string }[];
    }[];
  const putTemplate = async (key: string, category: string, claimable: boolean) =>
    data(
      await admin(s.url, 'PUT', `/admin/api/coupon-templates/${key}`, {
        campaignId: 'coupon',
        name: '端午限定满39减5元',
        category,
        value: 500,
        threshold: 3900,
        validDays: 7,
        stock: 100,
        perUserLimit: 1,
        claimable,
        channels: ['online'],
        scope: '端午专区商品可用',
      }),
    );

  it('answers an operator-listed category with no coupon as empty, and drops an unlisted one once empty', async () => {
    const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/coupon'));
    const settings = detail.settings as { categories: string[] };
    data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/coupon', {
        settings: { ...settings, categories: [...settings.categories, '节日限定'] },
      }),
    );
    const listed = (await centre()).find((c) => c.name === '节日限定');
    expect(listed).toEqual({ name: '节日限定', coupons: [] });
    expect((await centre()).map((c) => c.name).at(-1)).toBe('节日限定');

    await putTemplate('dragon-boat-5', '端午专区', true);
    expect(
      (await centre()).find((c) => c.name === '端午专区')?.coupons.map((t) => t.templateKey),
    ).toEqual(['dragon-boat-5']);
    await putTemplate('dragon-boat-5', '端午专区', false);
    expect((await centre()).map((c) => c.name)).not.toContain('端午专区');

    // A listed category filled later shows its coupon in the operator's order.
    await putTemplate('dragon-boat-5', '节日限定', true);
    expect(
      (await centre()).find((c) => c.name === '节日限定')?.coupons.map((t) => t.templateKey),
    ).toEqual(['dragon-boat-5']);
  });
});
