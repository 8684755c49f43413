// Campaigns as instances (issue 26, decision 0037), the two reported defects first: a second
// raffle created through the admin API is played through `?campaign=` (it answered 404), and a
// prize on a slot the board does not have is refused (slot 9 on the eight-slot grid was accepted).
// Then the lifecycle (draft, scheduled, paused, ended, archived) as shoppers meet it, prize edits
// that never overwrite live stock, deletes that keep awards safe, and admin refusals that name
// every wrong field in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { admin, call, data, DAY_MS, newShopper, startCampaignServer } from './helpers.ts';

const PRIZES = [
  {
    key: 'gift',
    name: '零食大礼包',
    image: '/api/campaign/assets/gift.png',
    kind: 'goods',
    weight: 1,
    stock: 3,
    slot: 0,
  },
  {
    key: 'thanks',
    name: '谢谢参与',
    image: '/api/campaign/assets/thanks.png',
    kind: 'thanks',
    weight: 0,
    stock: null,
    slot: 1,
  },
];

const SETTINGS = {
  layout: 'grid',
  dailyChances: 2,
  bonusChancesPerDay: 1,
  fallbackPrize: 'thanks',
  winnersShown: 5,
  tagline: '第二场抽奖',
};

describe('campaigns as instances', () => {
  let s: ProductTestServer;
  let startsAt: number;
  beforeAll(async () => {
    s = await startCampaignServer();
    startsAt = s.clock.now() - DAY_MS;
  });
  afterAll(() => s?.stop());

  const create = (id: string, extra: Record<string, unknown> = {}) =>
    admin(s.url, 'POST', '/admin/api/campaigns', {
      id,
      kind: 'raffle',
      title: '周末零食抽奖',
      rules: ['每天2次机会'],
      startsAt,
      endsAt: startsAt + 30 * DAY_MS,
      settings: SETTINGS,
      prizes: PRIZES,
      ...extra,
    });
  const status = (id: string, to: string) =>
    admin(s.url, 'POST', `/admin/api/campaigns/${id}/status`, { status: to });

  it('plays a second raffle through ?campaign= once it is published, beside the first', async () => {
    const draft = data(await create('weekend-raffle'));
    expect(draft).toMatchObject({ id: 'weekend-raffle', status: 'draft', kind: 'raffle' });
    // A draft is not there for shoppers.
    expect(
      (await call(s.url, 'GET', '/api/campaign/raffle?campaign=weekend-raffle')).body.code,
    ).toBe(60000);
    expect(data(await status('weekend-raffle', 'live')).status).toBe('running');

    const board = data(await call(s.url, 'GET', '/api/campaign/raffle?campaign=weekend-raffle'));
    expect(board).toMatchObject({
      campaign: {
        id: 'weekend-raffle',
        title: '周末零食抽奖',
        tagline: '第二场抽奖',
        state: 'running',
      },
      dailyChances: 2,
    });
    expect(board.prizes.map((p: { key: string }) => p.key)).toEqual(['gift', 'thanks']);
    // Without the parameter the page still gets the kind's current one: the seeded raffle.
    expect(data(await call(s.url, 'GET', '/api/campaign/raffle')).campaign.id).toBe('raffle');

    const shopper = await newShopper(s);
    const draw = data(
      await call(s.url, 'POST', '/api/campaign/raffle/draw?campaign=weekend-raffle', {
        ut: shopper.ut,
      }),
    );
    expect(draw).toMatchObject({ slot: 0, prize: { key: 'gift' }, chances: { left: 1 } });
    // Chances are the second raffle's own: the first still has its three.
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle/chances', { ut: shopper.ut })).left,
    ).toBe(3);
    const awards = data(
      await call(s.url, 'GET', '/api/campaign/weekend-raffle/awards', { ut: shopper.ut }),
    );
    expect(awards.map((a: { name: string }) => a.name)).toEqual(['零食大礼包']);
    // A campaign of another kind is not a raffle.
    expect((await call(s.url, 'GET', '/api/campaign/raffle?campaign=sign')).body.code).toBe(60000);
  });

  it('refuses a prize on a slot the board does not have, and two prizes on one slot', async () => {
    const before = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle')).prizes;
    const scarf = {
      name: '围巾',
      image: '/api/campaign/assets/gift.png',
      kind: 'goods',
      weight: 1,
      stock: 5,
    };
    const nine = await admin(s.url, 'PUT', '/admin/api/campaigns/raffle/prizes/scarf', {
      ...scarf,
      slot: 9,
    });
    expect(nine.status).toBe(400);
    expect(nine.body.code).toBe(61003);
    expect(nine.body.message).toContain(
      'prizes.scarf.slot 应为 -1（不上九宫格）或 0 到 7 之间的整数：九宫格共 8 格，没有 9 号格',
    );
    const shared = await admin(s.url, 'PUT', '/admin/api/campaigns/raffle/prizes/scarf', {
      ...scarf,
      slot: 3,
    });
    expect(shared.body.message).toContain(
      'prizes.scarf.slot 与奖品 dried-mango 同在 3 号格：每格只能放一个奖品',
    );
    expect(data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle')).prizes).toEqual(before);
    // Off the board it is welcome (a milestone or password prize).
    expect(
      (
        await admin(s.url, 'PUT', '/admin/api/campaigns/raffle/prizes/scarf', {
          ...scarf,
          slot: -1,
        })
      ).body.code,
    ).toBe(0);
  });

  it('names every wrong field at once, in Chinese', async () => {
    const answer = await admin(s.url, 'POST', '/admin/api/campaigns', {
      id: 'Bad Id',
      kind: 'raffle',
      title: '',
      startsAt,
      endsAt: startsAt + DAY_MS,
      settings: SETTINGS,
      colour: 'red',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(10001);
    for (const part of [
      '参数错误：',
      'id 应为文本（格式 ^[a-z0-9-]{1,64}$）',
      'title 应为1 到 128 个字符的文本',
      'colour 不是可用的字段',
    ])
      expect(answer.body.message).toContain(part);
    const settings = await create('bad-settings', {
      settings: { ...SETTINGS, layout: 'slot', dailyChances: -1, winnersShown: undefined },
    });
    expect(settings.status).toBe(400);
    expect(settings.body.code).toBe(61003);
    for (const part of [
      'settings.layout 应为wheel、grid 之一',
      'settings.dailyChances 应为0 到 1000000 之间的整数',
      'settings.winnersShown 缺少该字段',
    ])
      expect(settings.body.message).toContain(part);
    const taken = await create('weekend-raffle');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 61011, message: '活动编号已被使用：weekend-raffle' });
  });

  it('pauses, resumes, ends and archives; shoppers are told each', async () => {
    data(await create('flash-raffle', { status: 'live' }));
    const shopper = await newShopper(s);
    const drawIn = () =>
      call(s.url, 'POST', '/api/campaign/raffle/draw?campaign=flash-raffle', { ut: shopper.ut });
    expect(data(await status('flash-raffle', 'paused')).status).toBe('paused');
    const paused = await drawIn();
    expect(paused.body).toEqual({ code: 61010, message: '活动已暂停，请稍后再来', data: null });
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle?campaign=flash-raffle')).campaign.state,
    ).toBe('paused');
    expect(data(await status('flash-raffle', 'live')).status).toBe('running');
    expect((await drawIn()).body.code).toBe(0);
    expect(data(await status('flash-raffle', 'ended')).status).toBe('ended');
    expect((await drawIn()).body.code).toBe(60002);
    const back = await status('flash-raffle', 'live');
    expect(back.status).toBe(409);
    expect(back.body.code).toBe(61012);
    expect(back.body.message).toContain('已结束的活动不能改为已发布');
    expect(data(await status('flash-raffle', 'archived')).status).toBe('archived');
    expect((await call(s.url, 'GET', '/api/campaign/raffle?campaign=flash-raffle')).body.code).toBe(
      60000,
    );
    // Still there for the operator.
    expect(data(await admin(s.url, 'GET', '/admin/api/campaigns/flash-raffle')).status).toBe(
      'archived',
    );
    // Prizes won there stay the shopper's: listed, their address still to be given.
    const kept = data(
      await call(s.url, 'GET', '/api/campaign/flash-raffle/awards', { ut: shopper.ut }),
    );
    expect(kept.map((a: { name: string }) => a.name)).toEqual(['零食大礼包']);
  });

  it('schedules a campaign: published before its window, it opens by the clock', async () => {
    const later = s.clock.now() + 2 * DAY_MS;
    data(await create('next-raffle', { startsAt: later, endsAt: later + DAY_MS }));
    expect(data(await status('next-raffle', 'live')).status).toBe('scheduled');
    const board = data(await call(s.url, 'GET', '/api/campaign/raffle?campaign=next-raffle'));
    expect(board.campaign.state).toBe('not_started');
  });

  it('copies a campaign as a draft with its prizes and nothing awarded', async () => {
    const copy = data(
      await admin(s.url, 'POST', '/admin/api/campaigns/weekend-raffle/copy', {
        id: 'weekend-raffle-2',
        title: '周末抽奖第二季',
      }),
    );
    expect(copy).toMatchObject({
      id: 'weekend-raffle-2',
      title: '周末抽奖第二季',
      status: 'draft',
      settings: SETTINGS,
    });
    expect(
      copy.prizes.map((p: { key: string; awarded: number; stock: number | null }) => [
        p.key,
        p.awarded,
        p.stock,
      ]),
    ).toEqual([
      ['gift', 0, 2],
      ['thanks', 0, null],
    ]);
  });

  it('patches one prize field and one setting without restating the rest', async () => {
    const patched = data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/weekend-raffle/prizes/gift', {
        name: '零食大礼包（加量）',
      }),
    );
    expect(patched.prizes.find((p: { key: string }) => p.key === 'gift')).toMatchObject({
      name: '零食大礼包（加量）',
      slot: 0,
      stock: 2,
    });
    const settings = data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/weekend-raffle', {
        settings: { dailyChances: 5, tagline: null },
      }),
    ).settings;
    expect(settings).toEqual({ ...SETTINGS, dailyChances: 5, tagline: undefined });
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle?campaign=weekend-raffle')).dailyChances,
    ).toBe(5);
    const missing = await admin(s.url, 'PATCH', '/admin/api/campaigns/weekend-raffle/prizes/nope', {
      weight: 1,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(61004);
  });

  it('never overwrites a live stock: GET–PUT round trips pass while draws happen, a new number is refused', async () => {
    const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/weekend-raffle'));
    const gift = detail.prizes.find((p: { key: string }) => p.key === 'gift');
    // A shopper wins one after the operator read the prize.
    const shopper = await newShopper(s);
    data(
      await call(s.url, 'POST', '/api/campaign/raffle/draw?campaign=weekend-raffle', {
        ut: shopper.ut,
      }),
    );
    const roundTrip = data(
      await admin(s.url, 'PUT', '/admin/api/campaigns/weekend-raffle/prizes/gift', {
        ...gift,
        weight: 2,
      }),
    );
    expect(roundTrip.prizes.find((p: { key: string }) => p.key === 'gift')).toMatchObject({
      weight: 2,
      stock: 1,
      awarded: 2,
    });
    const overwrite = await admin(
      s.url,
      'PATCH',
      '/admin/api/campaigns/weekend-raffle/prizes/gift',
      { stock: 50 },
    );
    expect(overwrite.status).toBe(409);
    expect(overwrite.body.code).toBe(61013);
    expect(overwrite.body.message).toContain(
      '/admin/api/campaigns/weekend-raffle/prizes/gift/stock',
    );
    // A draft's stock is still the operator's to set.
    expect(
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/weekend-raffle-2/prizes/gift', {
          stock: 50,
        }),
      ).prizes[0].stock,
    ).toBe(50);
  });

  it('deletes a prize nobody won; a won or referenced prize is retired instead', async () => {
    const won = await admin(s.url, 'DELETE', '/admin/api/campaigns/weekend-raffle/prizes/gift');
    expect(won.status).toBe(409);
    expect(won.body.code).toBe(61014);
    const fallback = await admin(
      s.url,
      'DELETE',
      '/admin/api/campaigns/weekend-raffle/prizes/thanks',
    );
    expect(fallback.status).toBe(409);
    expect(fallback.body.code).toBe(61015);
    const retired = data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/weekend-raffle/prizes/gift', {
        slot: -1,
        weight: 0,
      }),
    );
    expect(retired.prizes.find((p: { key: string }) => p.key === 'gift')).toMatchObject({
      slot: -1,
      weight: 0,
    });
    const gone = data(
      await admin(s.url, 'DELETE', '/admin/api/campaigns/weekend-raffle-2/prizes/gift'),
    );
    expect(gone.prizes.map((p: { key: string }) => p.key)).toEqual(['thanks']);
    expect(
      (await admin(s.url, 'DELETE', '/admin/api/campaigns/weekend-raffle-2/prizes/gift')).status,
    ).toBe(404);
  });

  it('takes back what GET answers for templates and passwords; a live template stock moves only relatively', async () => {
    const coupon = data(await admin(s.url, 'GET', '/admin/api/campaigns/coupon'));
    const template = coupon.couponTemplates.find((t: { stock: number | null }) => t.stock !== null);
    const back = data(
      await admin(s.url, 'PUT', `/admin/api/coupon-templates/${template.key}`, {
        ...template,
        onlinePath: template.onlinePath,
        name: `${template.name}（新）`,
      }),
    );
    expect(back).toMatchObject({
      key: template.key,
      stock: template.stock,
      name: `${template.name}（新）`,
    });
    const overwrite = await admin(s.url, 'PUT', `/admin/api/coupon-templates/${template.key}`, {
      ...template,
      stock: template.stock + 100,
    });
    expect(overwrite.status).toBe(409);
    expect(overwrite.body.code).toBe(61013);
    expect(overwrite.body.message).toContain(`/admin/api/coupon-templates/${template.key}/stock`);

    const password = data(await admin(s.url, 'GET', '/admin/api/campaigns/password')).passwords[0];
    const again = await admin(
      s.url,
      'PUT',
      `/admin/api/campaigns/password/passwords/${encodeURIComponent(password.password)}`,
      password,
    );
    expect(again.body.code).toBe(0);
  });

  it('redeems a password of a second password campaign through ?campaign=', async () => {
    data(
      await admin(s.url, 'POST', '/admin/api/campaigns', {
        id: 'live-passwords',
        kind: 'password',
        title: '直播间口令',
        startsAt,
        endsAt: startsAt + 30 * DAY_MS,
        status: 'live',
        settings: { attemptsPerUser: 5, attemptsPerAddress: 100, attemptWindowMinutes: 10 },
        prizes: [
          {
            key: 'live-points',
            name: '直播积分',
            image: '',
            kind: 'points',
            value: '30',
            weight: 0,
            slot: -1,
          },
        ],
      }),
    );
    data(
      await admin(
        s.url,
        'PUT',
        `/admin/api/campaigns/live-passwords/passwords/${encodeURIComponent('周五直播')}`,
        {
          prize: 'live-points',
          startsAt,
          endsAt: startsAt + 30 * DAY_MS,
        },
      ),
    );
    const page = data(await call(s.url, 'GET', '/api/campaign/password?campaign=live-passwords'));
    expect(page.campaign).toMatchObject({ id: 'live-passwords', title: '直播间口令' });
    const shopper = await newShopper(s);
    // The current password campaign does not know it; the named one does.
    const elsewhere = await call(s.url, 'POST', '/api/campaign/password/redeem', {
      ut: shopper.ut,
      body: { password: '周五直播' },
    });
    expect(elsewhere.body.code).toBe(60040);
    const won = data(
      await call(s.url, 'POST', '/api/campaign/password/redeem?campaign=live-passwords', {
        ut: shopper.ut,
        body: { password: '周五直播' },
      }),
    );
    expect(won.award).toMatchObject({ name: '直播积分', campaignId: 'live-passwords' });
  });
});
