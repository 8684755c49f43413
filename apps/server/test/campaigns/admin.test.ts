// The admin API: refused without MORSEL_ADMIN_KEY or with a wrong key; with it, campaigns are
// listed, read and changed (settings checked against the kind's schema), and stock moves
// atomically. Operators' changes survive a restart: seed files only insert what is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import type { Kysely } from 'kysely';
import { demoCode, startTestServer } from '../harness/index.ts';
import { writeExchangeCode, writePassword } from '../../src/campaigns/config-store.ts';
import { up as retirePublicDemoCodes } from '../../src/store/migrations/0019_retire_public_demo_codes.ts';
import {
  ADMIN_KEY,
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  startCampaignServer,
} from './helpers.ts';

/** A coupon template both suites write: 12 off 69 on nuts. */
const NUTS_TEMPLATE = {
  campaignId: 'coupon',
  name: '坚果满69减12元',
  category: '坚果炒货',
  value: 1200,
  threshold: 6900,
  validDays: 10,
  stock: 3,
  perUserLimit: 1,
  claimable: true,
  channels: ['online'],
  scope: '坚果炒货类商品',
};

describe('admin API without a configured key', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer({ adminKey: undefined });
  });
  afterAll(() => s?.stop());

  it('answers that the admin API is disabled, whatever key is sent', async () => {
    for (const key of ['', ADMIN_KEY]) {
      const answer = await admin(s.url, 'GET', '/admin/api/campaigns', undefined, key);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        code: 61001,
        message: '管理接口未启用：请设置 MORSEL_ADMIN_KEY',
        data: null,
      });
    }
  });
});

describe('admin API', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  it('refuses a missing or wrong key before reading anything', async () => {
    expect((await call(s.url, 'GET', '/admin/api/campaigns')).status).toBe(401);
    const wrong = await admin(
      s.url,
      'PATCH',
      '/admin/api/campaigns/raffle',
      { title: 'x' },
      `${ADMIN_KEY}x`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 61002, message: '管理密钥错误', data: null });
    expect(data(await call(s.url, 'GET', '/api/campaign/raffle')).campaign.title).toBe(
      '零食九宫格 天天抽好礼',
    );
  });

  it('lists and reads the seeded campaigns', async () => {
    const list = data(await admin(s.url, 'GET', '/admin/api/campaigns'));
    expect(list.map((c: { id: string }) => c.id)).toEqual([
      'apply',
      'bag',
      'baike',
      'bank',
      'chinanet',
      'cms',
      'coupon',
      'crossborder',
      'download',
      'fission',
      'free',
      'fullshop',
      'game',
      'giftstory',
      'joinus',
      'live',
      'love',
      'nbcb',
      'orange-card',
      'password',
      'postoffice',
      'privacy',
      'raffle',
      'rain',
      'sign',
      'station',
      'topic',
      'update',
      'video',
      'vote',
      'wine',
    ]);
    expect(list.every((c: { state: string }) => c.state === 'running')).toBe(true);
    const raffle = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
    expect(raffle.settings).toMatchObject({
      layout: 'grid',
      dailyChances: 3,
      fallbackPrize: 'thanks',
    });
    expect(raffle.prizes.find((p: { key: string }) => p.key === 'snack-pack')).toMatchObject({
      stock: 5,
      awarded: 0,
      weight: 1,
      slot: 7,
    });
    expect(raffle.prizes.find((p: { key: string }) => p.key === 'thanks').stock).toBeNull();
    const coupon = data(await admin(s.url, 'GET', '/admin/api/campaigns/coupon'));
    expect(coupon.couponTemplates.length).toBeGreaterThan(5);
    // Every admin refusal is a 4xx: an unknown campaign is the admin API's 61004 (decision 0037).
    const nope = await admin(s.url, 'GET', '/admin/api/campaigns/nope');
    expect(nope.status).toBe(404);
    expect(nope.body).toMatchObject({ code: 61004, message: '活动 nope 不存在' });
  });

  it('changes title, rules, window and settings, checking them', async () => {
    const changed = data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', {
        title: '周末抽零食',
        rules: ['规则一', '规则二'],
        settings: {
          layout: 'wheel',
          dailyChances: 5,
          bonusChancesPerDay: 1,
          fallbackPrize: 'thanks',
          winnersShown: 5,
        },
      }),
    );
    expect(changed).toMatchObject({
      title: '周末抽零食',
      rules: ['规则一', '规则二'],
      settings: { layout: 'wheel' },
    });
    const page = data(await call(s.url, 'GET', '/api/campaign/raffle'));
    expect(page).toMatchObject({
      layout: 'wheel',
      campaign: { title: '周末抽零食', rules: ['规则一', '规则二'] },
    });

    const bad = await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', {
      settings: { layout: 'slot' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(61003);
    expect(bad.body.message).toContain('settings.layout 应为wheel、grid 之一');
    const unknownPrize = await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', {
      settings: {
        layout: 'grid',
        dailyChances: 3,
        bonusChancesPerDay: 1,
        fallbackPrize: 'nuts-box',
        winnersShown: 5,
      },
    });
    expect(unknownPrize.body).toMatchObject({
      code: 61003,
      message:
        '活动配置不正确：prizes.nuts-box.stock 应为 null：保底奖品的库存必须不限量，抽到的奖品没货时由它兜底',
    });
    const backwards = await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', {
      startsAt: '2027-01-01T00:00:00+08:00',
      endsAt: '2026-01-01T00:00:00+08:00',
    });
    expect(backwards.body).toMatchObject({
      code: 61003,
      message: '活动配置不正确：endsAt 应晚于 startsAt（活动开始时间）',
    });
    expect(
      (await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', { colour: 'red' })).body.code,
    ).toBe(10001);
    expect(
      (await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', { startsAt: 'tomorrow' })).status,
    ).toBe(400);
  });

  it('edits prizes and moves stock atomically, keeping 0 and unlimited apart', async () => {
    const put = (key: string, body: unknown) =>
      admin(s.url, 'PUT', `/admin/api/campaigns/raffle/prizes/${key}`, body);
    const base = {
      name: '开心果 1罐',
      image: '/api/campaign/assets/nuts.svg',
      kind: 'goods',
      weight: 3,
      // Off the board: the grid's eight slots are taken (a ninth would be refused, below).
      slot: -1,
    };
    expect(
      data(await put('pistachio', { ...base, stock: 0 })).prizes.find(
        (p: { key: string }) => p.key === 'pistachio',
      ),
    ).toMatchObject({ stock: 0 });
    expect(
      data(await put('pistachio', { ...base, stock: null })).prizes.find(
        (p: { key: string }) => p.key === 'pistachio',
      ).stock,
    ).toBeNull();
    data(await put('pistachio', { ...base, stock: 10 }));
    expect(
      data(
        await admin(s.url, 'POST', '/admin/api/campaigns/raffle/prizes/pistachio/stock', {
          add: 5,
        }),
      ),
    ).toEqual({ key: 'pistachio', stock: 15, awarded: 0 });
    expect(
      (
        await admin(s.url, 'POST', '/admin/api/campaigns/raffle/prizes/pistachio/stock', {
          add: -16,
        })
      ).status,
    ).toBe(404);
    expect(
      (await admin(s.url, 'POST', '/admin/api/campaigns/raffle/prizes/thanks/stock', { add: 1 }))
        .status,
    ).toBe(404);

    expect(
      (await put('bad-coupon', { ...base, kind: 'coupon', value: 'no-such-template' })).body
        .message,
    ).toContain('no-such-template');
    expect((await put('bad-points', { ...base, kind: 'points', value: 'lots' })).body.code).toBe(
      61003,
    );
    expect((await put('thanks', { ...base, kind: 'thanks', stock: 10 })).body.code).toBe(61003);
    expect((await put('x', { ...base, kind: 'cake' })).body).toMatchObject({ code: 10001 });
    expect((await put('Bad Key', base)).status).toBe(400);
  });

  it('edits coupon templates and their stock', async () => {
    expect(
      data(await admin(s.url, 'PUT', '/admin/api/coupon-templates/nuts-12-off-69', NUTS_TEMPLATE)),
    ).toMatchObject({ key: 'nuts-12-off-69', stock: 3, issued: 0 });
    const centre = data(await call(s.url, 'GET', '/api/campaign/coupon/centre'));
    expect(
      centre.categories
        .find((c: { name: string }) => c.name === '坚果炒货')
        .coupons.map((t: { templateKey: string }) => t.templateKey),
    ).toContain('nuts-12-off-69');
    expect(
      data(
        await admin(s.url, 'POST', '/admin/api/coupon-templates/nuts-12-off-69/stock', { add: 7 }),
      ),
    ).toMatchObject({ stock: 10 });
    expect(
      (
        await admin(s.url, 'PUT', '/admin/api/coupon-templates/nuts-12-off-69', {
          ...NUTS_TEMPLATE,
          value: 0,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin(s.url, 'PUT', '/admin/api/coupon-templates/nuts-12-off-69', {
          ...NUTS_TEMPLATE,
          campaignId: 'nope',
        })
      ).body.code,
    ).toBe(61004);
  });

  it('takes as onlinePath only a path of this site or an http(s) URL (it becomes a link)', async () => {
    for (const onlinePath of [
      'javascript:alert(1)',
      '//evil.example.com',
      '/\\evil.example.com',
      'data:text/html,x',
      'https://user@evil.example.com',
    ]) {
      const refused = await admin(s.url, 'PUT', '/admin/api/coupon-templates/nuts-12-off-69', {
        ...NUTS_TEMPLATE,
        onlinePath,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 10001,
        message: expect.stringContaining('onlinePath'),
      });
    }
    for (const onlinePath of [
      '',
      '/mall/category/nuts?from=coupon',
      'https://shop.example.com/nuts',
    ]) {
      // What GET answers, PUT takes back (its stock as it stands: decision 0037).
      const current = data(
        await admin(s.url, 'GET', '/admin/api/campaigns/coupon'),
      ).couponTemplates.find((t: { key: string }) => t.key === 'nuts-12-off-69');
      expect(
        data(
          await admin(s.url, 'PUT', '/admin/api/coupon-templates/nuts-12-off-69', {
            ...current,
            onlinePath,
          }),
        ),
      ).toMatchObject({ onlinePath });
    }
  });
});

describe('admin API bad input', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  const now = () => s.clock.now();
  const prize = {
    name: '开心果 1罐',
    image: '/api/campaign/assets/nuts.svg',
    kind: 'goods',
    weight: 3,
    slot: 8,
  };

  /** [method, path, body, status, code, message part]: each refused before anything changes. */
  const BAD = (): ['POST' | 'PUT' | 'PATCH', string, unknown, number, number, string][] => [
    [
      'POST',
      '/admin/api/coupon-templates/all-3-free/exchange-codes',
      { count: 0, expiresAt: now() + DAY_MS },
      400,
      10001,
      'count',
    ],
    [
      'POST',
      '/admin/api/coupon-templates/all-3-free/exchange-codes',
      { count: 1001, expiresAt: now() + DAY_MS },
      400,
      10001,
      'count',
    ],
    [
      'POST',
      '/admin/api/coupon-templates/all-3-free/exchange-codes',
      { count: 2 },
      400,
      10001,
      'expiresAt',
    ],
    [
      'POST',
      '/admin/api/coupon-templates/all-3-free/exchange-codes',
      { count: 2, expiresAt: 'soon' },
      400,
      10001,
      'expiresAt',
    ],
    [
      'POST',
      '/admin/api/coupon-templates/no-such/exchange-codes',
      { count: 2, expiresAt: now() + DAY_MS },
      404,
      61004,
      '优惠券模板不存在',
    ],
    ['POST', '/admin/api/coupons/redeem', { code: '123' }, 400, 10001, 'code'],
    ['POST', '/admin/api/coupons/redeem', {}, 400, 10001, 'code'],
    [
      'POST',
      '/admin/api/campaigns/raffle/prizes/snack-pack/stock',
      { add: 1.5 },
      400,
      10001,
      'add',
    ],
    ['POST', '/admin/api/campaigns/raffle/prizes/snack-pack/stock', {}, 400, 10001, 'add'],
    [
      'POST',
      '/admin/api/campaigns/raffle/prizes/snack-pack/stock',
      { add: '5' },
      400,
      10001,
      'add',
    ],
    [
      'POST',
      '/admin/api/campaigns/raffle/prizes/no-such/stock',
      { add: 1 },
      404,
      61004,
      '奖品不存在',
    ],
    [
      'POST',
      '/admin/api/coupon-templates/all-3-free/stock',
      { add: 1, more: 1 },
      400,
      10001,
      'more',
    ],
    [
      'PUT',
      '/admin/api/campaigns/password/passwords/新口令',
      { prize: 'no-such', startsAt: now(), endsAt: now() + DAY_MS },
      400,
      61003,
      'no-such',
    ],
    [
      'PUT',
      '/admin/api/campaigns/password/passwords/新口令',
      { prize: 'package-points', startsAt: now() + DAY_MS, endsAt: now() },
      400,
      61003,
      'endsAt 应晚于 startsAt',
    ],
    [
      'PUT',
      '/admin/api/campaigns/password/passwords/新口令',
      { prize: 'package-points', startsAt: now(), endsAt: now() + DAY_MS, useLimit: 0 },
      400,
      10001,
      'useLimit',
    ],
    [
      'PUT',
      `/admin/api/campaigns/password/passwords/${'口'.repeat(33)}`,
      { prize: 'package-points', startsAt: now(), endsAt: now() + DAY_MS },
      400,
      10001,
      'password',
    ],
    [
      'PUT',
      '/admin/api/campaigns/raffle/prizes/pistachio',
      { ...prize, weight: -1 },
      400,
      10001,
      'weight',
    ],
    [
      'PUT',
      '/admin/api/campaigns/raffle/prizes/pistachio',
      { ...prize, stock: -1 },
      400,
      10001,
      'stock',
    ],
    [
      'PUT',
      '/admin/api/campaigns/raffle/prizes/pistachio',
      { ...prize, name: undefined },
      400,
      10001,
      'name',
    ],
    [
      'PUT',
      '/admin/api/campaigns/no-such/prizes/pistachio',
      prize,
      404,
      61004,
      '活动 no-such 不存在',
    ],
    [
      'PUT',
      '/admin/api/coupon-templates/nuts-12-off-69',
      { ...NUTS_TEMPLATE, channels: [] },
      400,
      10001,
      'channels',
    ],
    [
      'PUT',
      '/admin/api/coupon-templates/nuts-12-off-69',
      { ...NUTS_TEMPLATE, channels: ['mall'] },
      400,
      10001,
      'channels',
    ],
    [
      'PUT',
      '/admin/api/coupon-templates/nuts-12-off-69',
      { ...NUTS_TEMPLATE, perUserLimit: 0 },
      400,
      10001,
      'perUserLimit',
    ],
    [
      'PUT',
      '/admin/api/coupon-templates/nuts-12-off-69',
      { ...NUTS_TEMPLATE, stock: 1.5 },
      400,
      10001,
      'stock',
    ],
    ['PUT', '/admin/api/coupon-templates/Bad_Key', NUTS_TEMPLATE, 400, 10001, 'key'],
    ['PATCH', '/admin/api/campaigns/sign', { rules: 'one rule' }, 400, 10001, 'rules'],
    ['PATCH', '/admin/api/campaigns/sign', { title: '' }, 400, 10001, 'title'],
    [
      'PATCH',
      '/admin/api/campaigns/sign',
      { settings: { dailyPoints: 5, streakRewards: [{ days: 3, prize: 'no-such' }] } },
      400,
      61003,
      'no-such',
    ],
  ];

  it('refuses every malformed or inconsistent admin body with its code and changes nothing', async () => {
    const before = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
    const passwordsBefore = data(await admin(s.url, 'GET', '/admin/api/campaigns/password'))
      .passwords.length;
    const templatesBefore = data(await admin(s.url, 'GET', '/admin/api/campaigns/coupon'))
      .couponTemplates.length;
    for (const [method, path, body, status, code, part] of BAD()) {
      const answer = await admin(s.url, method, encodeURI(path), body);
      const label = `${method} ${path} ${JSON.stringify(body)}`;
      expect(answer.status, label).toBe(status);
      expect(answer.body.code, `${label}: ${answer.body.message}`).toBe(code);
      expect(answer.body.message, label).toContain(part);
    }
    expect(data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle')).prizes).toEqual(
      before.prizes,
    );
    expect(data(await admin(s.url, 'GET', '/admin/api/campaigns/password')).passwords).toHaveLength(
      passwordsBefore,
    );
    expect(
      data(await admin(s.url, 'GET', '/admin/api/campaigns/coupon')).couponTemplates,
    ).toHaveLength(templatesBefore);
    expect(
      data(await call(s.url, 'GET', '/api/campaign/sign')).campaign.rules.length,
    ).toBeGreaterThan(0);
  });

  it('refuses a password whose prize is a "thanks for playing": whoever types it must win something', async () => {
    const thanks = { ...prize, name: '谢谢参与', kind: 'thanks', weight: 0, slot: -1 };
    const put = await admin(s.url, 'PUT', '/admin/api/campaigns/password/prizes/thanks', thanks);
    expect(put.body.code, put.body.message).toBe(0);
    const answer = await admin(
      s.url,
      'PUT',
      encodeURI('/admin/api/campaigns/password/passwords/谢谢口令'),
      { prize: 'thanks', startsAt: now(), endsAt: now() + DAY_MS },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(61003);
    expect(answer.body.message).toContain('谢谢参与');
  });
});

describe('campaign configuration across restarts', () => {
  it('keeps what an operator changed; the seed inserts only what is missing', async () => {
    const first = await startTestServer({ seedDemo: true, adminKey: ADMIN_KEY });
    const generated = first.server.seeded.demoCodes;
    try {
      data(
        await admin(first.url, 'PATCH', '/admin/api/campaigns/sign', { title: '运营改过的标题' }),
      );
      data(
        await admin(first.url, 'POST', '/admin/api/campaigns/raffle/prizes/snack-pack/stock', {
          add: 10,
        }),
      );
    } finally {
      await first.stop({ keepData: true });
    }
    const second = await startTestServer({
      seedDemo: true,
      adminKey: ADMIN_KEY,
      dataDir: first.dataDir,
    });
    try {
      // The codes generated at install are the ones the next start writes and prints again.
      expect(second.server.seeded.demoCodes).toEqual(generated);
      expect(data(await call(second.url, 'GET', '/api/campaign/sign')).campaign.title).toBe(
        '运营改过的标题',
      );
      const raffle = data(await admin(second.url, 'GET', '/admin/api/campaigns/raffle'));
      expect(raffle.prizes.find((p: { key: string }) => p.key === 'snack-pack').stock).toBe(15);
    } finally {
      await second.stop();
    }
  });
});

describe('the demo campaigns', () => {
  it('are seeded only with MORSEL_SEED_DEMO: without it there are no campaigns and no codes', async () => {
    const s = await startTestServer({ seedDemo: false, adminKey: ADMIN_KEY });
    try {
      expect(data(await admin(s.url, 'GET', '/admin/api/campaigns'))).toEqual([]);
      expect(s.server.seeded.demoCodes).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it('go live with codes generated for the install, never the public labels of the seed files', async () => {
    const [a, b] = [
      await startTestServer({ adminKey: ADMIN_KEY }),
      await startTestServer({ adminKey: ADMIN_KEY }),
    ];
    try {
      const labels = a.server.seeded.demoCodes.map((c) => c.label).sort();
      expect(labels).toEqual([
        'MORSEL2026',
        'NUTS8888',
        'SNACK2026',
        '坚果自由',
        '年货节快乐',
        '零食节快乐',
      ]);
      for (const code of a.server.seeded.demoCodes) {
        expect(code.value).toMatch(/^[A-Z0-9]{10}$/);
        expect(
          b.server.seeded.demoCodes.find((other) => other.label === code.label)!.value,
        ).not.toBe(code.value);
      }
      const passwords = data(
        await admin(a.url, 'GET', '/admin/api/campaigns/password'),
      ).passwords.map((p: { password: string }) => p.password);
      expect(passwords.sort()).toEqual(
        a.server.seeded.demoCodes
          .filter((c) => c.kind === 'password')
          .map((c) => c.value)
          .sort(),
      );
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('installs seeded before that lose the public codes: migration 0019 ends them', async () => {
    const s = await startCampaignServer();
    try {
      const { db } = s.server.store;
      const far = s.clock.now() + 365 * DAY_MS;
      await writePassword(
        db,
        'password',
        { password: 'MORSEL2026', prize: 'package-points', startsAt: 0, endsAt: far },
        s.clock.now(),
        false,
      );
      await writeExchangeCode(db, 'SNACK2026', 'all-3-free', far, s.clock.now());
      await retirePublicDemoCodes(db as unknown as Kysely<unknown>, s.clock.now());
      s.clock.advance(1);
      const shopper = await newShopper(s);
      expect(
        (
          await call(s.url, 'POST', '/api/campaign/password/redeem', {
            ut: shopper.ut,
            body: { password: 'MORSEL2026' },
          })
        ).body.code,
      ).toBe(60042);
      expect(
        (
          await call(s.url, 'POST', '/api/campaign/coupon/exchange', {
            ut: shopper.ut,
            body: { code: 'SNACK2026' },
          })
        ).body.code,
      ).toBe(60063);
      // The install's own generated codes are untouched.
      expect(
        data(
          await call(s.url, 'POST', '/api/campaign/password/redeem', {
            ut: shopper.ut,
            body: { password: demoCode(s, 'MORSEL2026') },
          }),
        ).award.kind,
      ).toBe('points');
    } finally {
      await s.stop();
    }
  });
});
