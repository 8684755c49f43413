// Adding prizes and coupon templates, changing a template field by field, retiring one, and the
// list of campaign kinds (issue 26, decision 0059), on the real server through the admin API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { admin, call, data, DAY_MS, newShopper, startCampaignServer } from './helpers.ts';

const TEMPLATE = {
  key: 'weekend-6-off-30',
  name: '周末满30减6元',
  category: '全场通用',
  value: 600,
  threshold: 3000,
  validDays: 7,
  stock: 50,
  perUserLimit: 1,
  claimable: true,
  channels: ['online'],
  scope: '全场零食',
};

const PRIZE = {
  key: 'weekend-jerky',
  name: '牛肉干礼盒',
  image: '/api/campaign/assets/jerky.svg',
  kind: 'goods',
  weight: 2,
  stock: 4,
  // Every cell of the shipped nine-grid is taken: the new prize is drawn off the board.
  slot: -1,
};

describe('adding prizes and coupon templates, retiring templates, the kinds', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
    const startsAt = s.clock.now() - DAY_MS;
    data(
      await admin(s.url, 'POST', '/admin/api/campaigns', {
        id: 'coupon-weekend',
        kind: 'coupon',
        title: '周末领券',
        startsAt,
        endsAt: startsAt + 30 * DAY_MS,
        status: 'live',
        settings: (await kindsExample('coupon')).settings,
      }),
    );
  });
  afterAll(() => s?.stop());

  async function kindsExample(kind: string) {
    const kinds = data(await admin(s.url, 'GET', '/admin/api/campaign-kinds'));
    return kinds.find((k: { kind: string }) => k.kind === kind).example;
  }

  it('lists every kind with what an instance needs and a configuration to start from', async () => {
    const kinds = data(await admin(s.url, 'GET', '/admin/api/campaign-kinds'));
    const raffle = kinds.find((k: { kind: string }) => k.kind === 'raffle');
    expect(raffle).toMatchObject({ name: '九宫格/转盘抽奖', instances: 'many', prizes: 'board' });
    expect(raffle.needs.join('\n')).toContain('每格一个');
    expect(raffle.example.prizes.length).toBeGreaterThan(0);
    const station = kinds.find((k: { kind: string }) => k.kind === 'station');
    expect(station).toMatchObject({ instances: 'one', prizes: 'none' });
    expect(kinds.find((k: { kind: string }) => k.kind === 'password').passwords).toBe(true);
    // The example is a configuration the admin API accepts as it is.
    const created = await admin(s.url, 'POST', '/admin/api/campaigns', {
      id: 'raffle-from-example',
      kind: 'raffle',
      title: raffle.example.title,
      rules: raffle.example.rules,
      startsAt: s.clock.now(),
      endsAt: s.clock.now() + DAY_MS,
      settings: raffle.example.settings,
      prizes: raffle.example.prizes,
    });
    expect(created.body.code).toBe(0);
    // A viewer of the list still needs the key.
    expect(
      (await admin(s.url, 'GET', '/admin/api/campaign-kinds', undefined, 'wrong')).status,
    ).toBe(401);
  });

  it('adds a prize once; a taken key is 61160 and a bad board names every problem', async () => {
    const added = data(
      await admin(s.url, 'POST', '/admin/api/campaigns/raffle-from-example/prizes', PRIZE),
    );
    expect(added.prizes.find((p: { key: string }) => p.key === PRIZE.key)).toMatchObject({
      name: '牛肉干礼盒',
      stock: 4,
      awarded: 0,
      slot: -1,
    });
    const again = await admin(s.url, 'POST', '/admin/api/campaigns/raffle-from-example/prizes', {
      ...PRIZE,
      name: '另一个礼盒',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(61160);
    expect(again.body.message).toContain('weekend-jerky');
    const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle-from-example'));
    expect(detail.prizes.find((p: { key: string }) => p.key === PRIZE.key).name).toBe('牛肉干礼盒');

    const bad = await admin(s.url, 'POST', '/admin/api/campaigns/raffle-from-example/prizes', {
      ...PRIZE,
      key: 'scarf',
      kind: 'coupon',
      value: 'no-such-template',
      slot: 9,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(61003);
    expect(bad.body.message).toContain('prizes.scarf.slot');
    expect(bad.body.message).toContain('prizes.scarf.value');
    const unknownField = await admin(
      s.url,
      'POST',
      '/admin/api/campaigns/raffle-from-example/prizes',
      { ...PRIZE, key: 'x', colour: 'red', weight: -1 },
    );
    expect(unknownField.body.code).toBe(10001);
    expect(unknownField.body.message).toMatch(/colour.*；|；.*colour/);
    const missing = await admin(s.url, 'POST', '/admin/api/campaigns/nope/prizes', PRIZE);
    expect([missing.status, missing.body.code]).toEqual([404, 61004]);
  });

  it('adds a coupon template that shoppers claim in the second coupon centre', async () => {
    const made = data(
      await admin(s.url, 'POST', '/admin/api/coupon-templates', {
        ...TEMPLATE,
        campaignId: 'coupon-weekend',
      }),
    );
    expect(made).toMatchObject({ key: TEMPLATE.key, campaignId: 'coupon-weekend', issued: 0 });
    const taken = await admin(s.url, 'POST', '/admin/api/coupon-templates', {
      ...TEMPLATE,
      campaignId: 'coupon-weekend',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 61161]);
    const noCampaign = await admin(s.url, 'POST', '/admin/api/coupon-templates', {
      ...TEMPLATE,
      key: 'other',
      campaignId: 'nope',
    });
    expect([noCampaign.status, noCampaign.body.code]).toEqual([404, 61004]);

    const shopper = await newShopper(s);
    const centre = data(
      await call(s.url, 'GET', '/api/campaign/coupon/centre?campaign=coupon-weekend', {
        ut: shopper.ut,
      }),
    );
    expect(JSON.stringify(centre)).toContain('周末满30减6元');
  });

  it('patches only the fields named; a live template stock moves only by /stock', async () => {
    const patched = data(
      await admin(s.url, 'PATCH', `/admin/api/coupon-templates/${TEMPLATE.key}`, {
        name: '周末满30减7元',
        value: 700,
      }),
    );
    expect(patched).toMatchObject({
      name: '周末满30减7元',
      value: 700,
      stock: 50,
      threshold: 3000,
    });
    const stock = await admin(s.url, 'PATCH', `/admin/api/coupon-templates/${TEMPLATE.key}`, {
      stock: 10,
    });
    expect([stock.status, stock.body.code]).toEqual([409, 61013]);
    const bad = await admin(s.url, 'PATCH', `/admin/api/coupon-templates/${TEMPLATE.key}`, {
      value: 0,
      channels: [],
    });
    expect(bad.body.code).toBe(10001);
    expect(bad.body.message).toContain('value');
    expect(bad.body.message).toContain('channels');
    const missing = await admin(s.url, 'PATCH', '/admin/api/coupon-templates/nope', { value: 1 });
    expect([missing.status, missing.body.code]).toEqual([404, 61004]);
  });

  it('refuses to retire a template a live prize gives, then retires it once the prize is', async () => {
    data(
      await admin(s.url, 'POST', '/admin/api/campaigns/raffle-from-example/prizes', {
        key: 'weekend-coupon',
        name: '周末券',
        image: '/api/campaign/assets/coupon.svg',
        kind: 'coupon',
        value: TEMPLATE.key,
        weight: 1,
        stock: null,
        slot: -1,
      }),
    );
    const inUse = await admin(s.url, 'POST', `/admin/api/coupon-templates/${TEMPLATE.key}/retire`);
    expect([inUse.status, inUse.body.code]).toEqual([409, 61162]);
    expect(inUse.body.message).toContain('raffle-from-example 的奖品 weekend-coupon');
    // The coupon centre's own settings name their templates: those cannot be retired either.
    const named = await admin(s.url, 'POST', '/admin/api/coupon-templates/gift-8-off-39/retire');
    expect(named.body.code).toBe(61162);
    expect(named.body.message).toContain('活动 coupon 的设置');

    data(
      await admin(
        s.url,
        'PATCH',
        '/admin/api/campaigns/raffle-from-example/prizes/weekend-coupon',
        {
          weight: 0,
        },
      ),
    );
    const retired = data(
      await admin(s.url, 'POST', `/admin/api/coupon-templates/${TEMPLATE.key}/retire`),
    );
    expect(retired).toMatchObject({ claimable: false, stock: 0 });
    const shopper = await newShopper(s);
    const claim = await call(s.url, 'POST', '/api/campaign/coupon/claim?campaign=coupon-weekend', {
      ut: shopper.ut,
      body: { templateKey: TEMPLATE.key },
    });
    expect(claim.body.code).toBe(60050);
    const centre = data(
      await call(s.url, 'GET', '/api/campaign/coupon/centre?campaign=coupon-weekend', {
        ut: shopper.ut,
      }),
    );
    expect(JSON.stringify(centre)).not.toContain(TEMPLATE.key);
  });
});
