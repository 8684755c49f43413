// Every kind with shopper pages as instances (issue 26, decision 0037): a second sign-in, vote,
// free-meal shake, open-bag, rain and fission campaign, created through the admin API, reaches
// shoppers through `?campaign=` beside the kind's own one — with its own prizes, stock, counters,
// records and window — and an id that is not a published campaign of the kind is 60000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  DAY_MS,
  newShopper,
  startCampaignServer,
  type Json,
} from './helpers.ts';
import { bindDevelopmentWechat } from './wechat-browser.ts';

const THANKS = {
  key: 'thanks',
  name: '谢谢参与',
  image: '/api/campaign/assets/thanks.svg',
  kind: 'thanks',
  weight: 0,
  slot: -1,
};

describe('every kind as instances', () => {
  let s: ProductTestServer;
  let startsAt: number;
  beforeAll(async () => {
    s = await startCampaignServer();
    startsAt = s.clock.now() - DAY_MS;
  });
  afterAll(() => s?.stop());

  /** A live campaign of `kind` with its own id, settings and prizes, through the admin API. */
  const createLive = async (
    id: string,
    kind: string,
    settings: Json,
    prizes: Json[] = [],
    extra: Json = {},
  ) =>
    data(
      await admin(s.url, 'POST', '/admin/api/campaigns', {
        id,
        kind,
        title: `第二场 ${id}`,
        rules: ['第二场活动的规则'],
        startsAt,
        endsAt: startsAt + 30 * DAY_MS,
        status: 'live',
        settings,
        prizes,
        ...extra,
      }),
    );
  const get = (path: string, ut?: string) => call(s.url, 'GET', path, ut ? { ut } : {});
  const post = (path: string, ut: string, body: unknown = {}) =>
    call(s.url, 'POST', path, { ut, body });

  it('signs in to a second sign-in campaign: its own calendar, points and refusal', async () => {
    await createLive('sign-weekend', 'sign', {
      tagline: '周末签到加倍',
      dailyPoints: 12,
      streakRewards: [],
    });
    const board = data(await get('/api/campaign/sign?campaign=sign-weekend'));
    expect(board.campaign).toMatchObject({ id: 'sign-weekend', tagline: '周末签到加倍' });
    expect(board.dailyPoints).toBe(12);
    expect(board.streakRewards).toEqual([]);

    const shopper = await newShopper(s);
    const weekend = data(await post('/api/campaign/sign/today?campaign=sign-weekend', shopper.ut));
    expect(weekend.points).toBe(12);
    // Signed there is not signed here: the kind's own campaign still takes today's sign-in.
    const own = data(await post('/api/campaign/sign/today', shopper.ut));
    expect(own.points).toBe(5);
    expect(own.balance).toBe(17);
    const again = await post('/api/campaign/sign/today?campaign=sign-weekend', shopper.ut);
    expect(again.body.code).toBe(60010);
    const mine = data(await get('/api/campaign/sign?campaign=sign-weekend', shopper.ut));
    expect(mine.signedToday).toBe(true);
    expect(mine.days.filter((d: Json) => d.signed)).toHaveLength(1);
  });

  it('answers 60000 for an id that is unknown, of another kind, or a draft', async () => {
    await createLive('vote-draft', 'vote', voteSettings(), [], { status: 'draft' });
    const shopper = await newShopper(s);
    for (const path of [
      '/api/campaign/sign?campaign=no-such-campaign',
      '/api/campaign/vote?campaign=sign-weekend',
      '/api/campaign/vote?campaign=vote-draft',
      '/api/campaign/free?campaign=raffle',
      '/api/campaign/bag?campaign=no-such-bag',
      '/api/campaign/rain?campaign=no-such-rain',
      '/api/campaign/fission?campaign=no-such-fission',
    ])
      expect((await get(path, shopper.ut)).body.code, path).toBe(60000);
    expect(
      (await post('/api/campaign/vote/cast?campaign=vote-draft', shopper.ut, { option: 'a' })).body
        .code,
    ).toBe(60000);
    // Not an id at all: the schema's refusal.
    expect((await get('/api/campaign/sign?campaign=NOT%20AN%20ID')).body.code).toBe(10001);
  });

  const voteSettings = () => ({
    tagline: '第二场投票',
    votesPerDay: 1,
    closesAt: new Date(startsAt + 20 * DAY_MS).toISOString(),
    options: [
      { key: 'a', name: '甲', image: '/api/campaign/assets/mango.svg' },
      { key: 'b', name: '乙', image: '/api/campaign/assets/nuts.svg' },
    ],
  });

  it('votes in a second vote with its own options, tallies and daily votes', async () => {
    await createLive('vote-snacks', 'vote', voteSettings());
    const shopper = await newShopper(s);
    const board = data(await get('/api/campaign/vote?campaign=vote-snacks', shopper.ut));
    expect(board.options.map((o: Json) => o.key)).toEqual(['a', 'b']);
    expect(board).toMatchObject({ votesPerDay: 1, votesLeftToday: 1, totalVotes: 0 });
    // The kind's own vote has no option `a`.
    expect((await post('/api/campaign/vote/cast', shopper.ut, { option: 'a' })).body.code).toBe(
      62002,
    );
    const cast = data(
      await post('/api/campaign/vote/cast?campaign=vote-snacks', shopper.ut, { option: 'a' }),
    );
    expect(cast).toMatchObject({ votes: 1, totalVotes: 1, votesLeftToday: 0 });
    expect(
      (await post('/api/campaign/vote/cast?campaign=vote-snacks', shopper.ut, { option: 'b' })).body
        .code,
    ).toBe(62003);
    // Its daily votes are its own: the kind's vote still takes today's.
    const own = data(await post('/api/campaign/vote/cast', shopper.ut, { option: 'mango' }));
    expect(own.votesLeftToday).toBe(2);
  });

  it('shakes a second free-meal campaign: its own prizes, stock and chances', async () => {
    await createLive(
      'free-weekend',
      'free',
      { dailyChances: 2, fallbackPrize: 'thanks', shakeThreshold: 12 },
      [
        {
          key: 'weekend-points',
          name: '周末66积分',
          image: '/api/campaign/assets/points.svg',
          kind: 'points',
          value: '66',
          weight: 1,
          stock: 1,
          slot: -1,
        },
        THANKS,
      ],
    );
    const board = data(await get('/api/campaign/free?campaign=free-weekend'));
    expect(board.prizes.map((p: Json) => p.key)).toEqual(['weekend-points']);
    expect(board).toMatchObject({ dailyChances: 2, shakeThreshold: 12 });

    const shopper = await newShopper(s);
    const first = data(await post('/api/campaign/free/shake?campaign=free-weekend', shopper.ut));
    expect(first.award).toMatchObject({ name: '周末66积分', campaignId: 'free-weekend' });
    expect(first.chances).toEqual({ left: 1, usedToday: 1 });
    // Its one unit is gone: the next shake falls to its fallback.
    const second = data(await post('/api/campaign/free/shake?campaign=free-weekend', shopper.ut));
    expect(second.prize.key).toBe('thanks');
    expect(
      (await post('/api/campaign/free/shake?campaign=free-weekend', shopper.ut)).body.code,
    ).toBe(62010);
    // The kind's own campaign counts its shakes apart.
    const own = data(await get('/api/campaign/free', shopper.ut));
    expect(own.chances).toEqual({ left: 3, usedToday: 0 });
    const awards = data(await get('/api/campaign/free-weekend/awards', shopper.ut));
    expect(awards.map((a: Json) => a.name)).toEqual(['周末66积分']);
  });

  it('keeps a second campaign to its own window: scheduled, then paused', async () => {
    await createLive(
      'free-later',
      'free',
      { dailyChances: 1, fallbackPrize: 'thanks', shakeThreshold: 15 },
      [THANKS],
      {
        startsAt: s.clock.now() + DAY_MS,
        endsAt: s.clock.now() + 10 * DAY_MS,
      },
    );
    const shopper = await newShopper(s);
    const board = data(await get('/api/campaign/free?campaign=free-later'));
    expect(board.campaign.state).toBe('not_started');
    expect((await post('/api/campaign/free/shake?campaign=free-later', shopper.ut)).body.code).toBe(
      60001,
    );
    data(
      await admin(s.url, 'POST', '/admin/api/campaigns/free-weekend/status', { status: 'paused' }),
    );
    expect(data(await get('/api/campaign/free?campaign=free-weekend')).campaign.state).toBe(
      'paused',
    );
    expect(
      (await post('/api/campaign/free/shake?campaign=free-weekend', shopper.ut)).body.code,
    ).toBe(61010);
    // The kind's own campaign runs on.
    expect(data(await get('/api/campaign/free')).campaign.state).toBe('running');
  });

  it('opens a code of a second open-bag campaign, and reads its order there', async () => {
    await createLive('bag-summer', 'bag', { fallbackPrize: 'thanks', attemptsPerDay: 3 }, [
      {
        key: 'summer-box',
        name: '夏日零食箱',
        image: '/api/campaign/assets/gift.svg',
        kind: 'goods',
        weight: 1,
        stock: 5,
        slot: -1,
      },
      THANKS,
    ]);
    const imported = data(
      await admin(s.url, 'POST', '/admin/api/campaigns/bag-summer/bag-codes', {
        batch: 'summer-1',
        codes: ['SUMMER0001', 'SUMMER0002'],
      }),
    );
    expect(imported.imported).toBe(2);
    const shopper = await newShopper(s);
    // The kind's own campaign does not know the summer codes.
    expect(
      (await post('/api/campaign/bag/open', shopper.ut, { code: 'SUMMER0001' })).body.code,
    ).toBe(62020);
    const opened = data(
      await post('/api/campaign/bag/open?campaign=bag-summer', shopper.ut, { code: 'summer-0001' }),
    );
    expect(opened.award).toMatchObject({ name: '夏日零食箱', campaignId: 'bag-summer' });
    const page = data(await get('/api/campaign/bag?campaign=bag-summer', shopper.ut));
    expect(page).toMatchObject({ opened: 1, attemptsPerDay: 3, attemptsLeftToday: 2 });
    // Its attempts are its own: the kind's campaign counted one refused attempt.
    const own = data(await get('/api/campaign/bag', shopper.ut));
    expect(own.attemptsLeftToday).toBe(own.attemptsPerDay - 1);

    const orderPath = `/api/campaign/bag/orders/${opened.award.id}`;
    const order = data(await get(`${orderPath}?campaign=bag-summer`, shopper.ut));
    expect(order).toMatchObject({ code: 'SUMMER0001', state: 'needs_address' });
    expect((await get(orderPath, shopper.ut)).body.code).toBe(60003);
    const detail = data(
      await get(`/api/campaign/bag-summer/awards/${opened.award.id}`, shopper.ut),
    );
    expect(detail.campaignKind).toBe('bag');
  });

  it('plays a round of a second rain: its own chances and prizes, settled there only', async () => {
    const seedRain = data(await admin(s.url, 'GET', '/admin/api/campaigns/rain'));
    await createLive(
      'rain-night',
      'rain',
      { ...seedRain.settings, dailyChances: 1, bonusChancesPerDay: 0, requireWechat: false },
      [
        {
          key: 'night-points',
          name: '夜场88积分',
          image: '/api/campaign/assets/redpacket.png',
          kind: 'points',
          value: '88',
          weight: 1,
          stock: 10,
          slot: -1,
        },
        THANKS,
      ],
    );
    const shopper = await newShopper(s);
    const board = data(await get('/api/campaign/rain?campaign=rain-night', shopper.ut));
    expect(board).toMatchObject({ dailyChances: 1, requireWechat: false });
    expect(board.prizes.map((p: Json) => p.key)).toEqual(['night-points']);
    const round = data(await post('/api/campaign/rain/rounds?campaign=rain-night', shopper.ut));
    expect(round.chances.left).toBe(0);
    // The kind's own rain keeps its rounds.
    expect(data(await get('/api/campaign/rain', shopper.ut)).chances.left).toBe(
      seedRain.settings.dailyChances,
    );
    s.clock.advance(round.roundMs + 200);
    const catches = round.packets
      .slice(0, seedRain.settings.minCatches)
      .map((p: Json, i: number) => ({ packet: i, at: p.at + 500 }));
    // A round belongs to its campaign: the kind's own rain does not know it.
    expect(
      (await post('/api/campaign/rain/rounds/settle', shopper.ut, { token: round.token, catches }))
        .body.code,
    ).toBe(62101);
    const settled = data(
      await post('/api/campaign/rain/rounds/settle?campaign=rain-night', shopper.ut, {
        token: round.token,
        catches,
      }),
    );
    expect(settled.award).toMatchObject({ name: '夜场88积分', campaignId: 'rain-night' });
  });

  it('opens and helps a packet of a second fission campaign, which pays its own prize', async () => {
    const seedFission = data(await admin(s.url, 'GET', '/admin/api/campaigns/fission'));
    await createLive(
      'fission-duo',
      'fission',
      {
        ...seedFission.settings,
        packet: { totalPoints: 100, shares: 2, minutes: 60 },
        packetsPerDay: 1,
        sharePrize: 'duo-share',
      },
      [
        {
          key: 'duo-share',
          name: '双人红包积分',
          image: '/api/campaign/assets/red-packet.svg',
          kind: 'points',
          value: '1',
          weight: 0,
          slot: -1,
        },
      ],
    );
    const settings = data(await get('/api/campaign/fission?campaign=fission-duo'));
    expect(settings).toMatchObject({ packet: { totalPoints: 100, shares: 2 }, packetsPerDay: 1 });

    const owner = await newShopper(s);
    const friend = await newShopper(s);
    const index = '/activity/redPacketFission/index?campaign=fission-duo';
    expect(await bindDevelopmentWechat(s, owner.ut, index)).toBe(index);
    await bindDevelopmentWechat(s, friend.ut, index);
    const opened = data(
      await post('/api/campaign/fission/packets?campaign=fission-duo', owner.ut, {
        kind: 'normal',
      }),
    );
    expect(opened.award).toMatchObject({ campaignId: 'fission-duo' });
    expect(opened.award.name).toMatch(/^双人红包积分 \d+积分$/);
    expect(
      (
        await post('/api/campaign/fission/packets?campaign=fission-duo', owner.ut, {
          kind: 'normal',
        })
      ).body.code,
    ).toBe(62207);
    // One packet a day there; the kind's own campaign counts its own.
    const own = data(await get('/api/campaign/fission', owner.ut));
    expect(own.packetsLeftToday).toBe(own.packetsPerDay);

    const token = opened.packet.token;
    expect((await post(`/api/campaign/fission/packets/${token}/help`, friend.ut)).body.code).toBe(
      62201,
    );
    const helped = data(
      await post(`/api/campaign/fission/packets/${token}/help?campaign=fission-duo`, friend.ut),
    );
    expect(helped.points + opened.award.value * 1).toBe(100);
    expect(helped.packet.state).toBe('full');
    const packet = data(
      await get(`/api/campaign/fission/packets/${token}?campaign=fission-duo`, friend.ut),
    );
    expect(packet.campaign.id).toBe('fission-duo');
  });

  it('claims from a second coupon centre: its own templates only', async () => {
    const seedCoupon = data(await admin(s.url, 'GET', '/admin/api/campaigns/coupon'));
    await createLive('coupon-brand', 'coupon', {
      ...seedCoupon.settings,
      tagline: '品牌日专享券',
      categories: ['品牌日'],
    });
    data(
      await admin(s.url, 'PUT', '/admin/api/coupon-templates/brand-5-off', {
        campaignId: 'coupon-brand',
        name: '品牌日满29减5元',
        category: '品牌日',
        value: 500,
        threshold: 2900,
        validDays: 7,
        stock: 10,
        perUserLimit: 1,
        claimable: true,
        channels: ['store'],
        scope: '品牌日商品可用',
      }),
    );
    const centre = data(await get('/api/campaign/coupon/centre?campaign=coupon-brand'));
    expect(centre.campaign).toMatchObject({ id: 'coupon-brand', tagline: '品牌日专享券' });
    expect(centre.categories).toEqual([
      expect.objectContaining({
        name: '品牌日',
        coupons: [expect.objectContaining({ templateKey: 'brand-5-off' })],
      }),
    ]);
    const shopper = await newShopper(s);
    // Another centre's template is not claimable here, nor this one's there.
    expect(
      (await post('/api/campaign/coupon/claim', shopper.ut, { templateKey: 'brand-5-off' })).body
        .code,
    ).toBe(60050);
    expect(
      (
        await post('/api/campaign/coupon/claim?campaign=coupon-brand', shopper.ut, {
          templateKey: 'all-10-off-99',
        })
      ).body.code,
    ).toBe(60050);
    const coupon = data(
      await post('/api/campaign/coupon/claim?campaign=coupon-brand', shopper.ut, {
        templateKey: 'brand-5-off',
      }),
    );
    expect(coupon.name).toBe('品牌日满29减5元');
  });

  it('lists each game centre entry with the instance it opens', async () => {
    const centre = data(await get('/api/campaign/game'));
    for (const game of centre.games) expect(game.campaign).toMatch(/^[a-z0-9-]+$/);
    expect(centre.games.find((g: Json) => g.page === 'free')?.campaign).toBe('free');
  });
});
