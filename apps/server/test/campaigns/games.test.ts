// The games wave over real HTTP on both engines: the vote (options, live counts, votes per day by
// the server's China date, the closing time, racing votes never past the daily limit) and the
// free-meal shake (the server draws, a win is a coupon usable in the coupon pages, shakes per day).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Json,
} from './helpers.ts';

const votesOf = (board: Json) =>
  Object.fromEntries(board.options.map((o: Json) => [o.key, [o.votes, o.myVotes]]));

const gamesSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`games wave (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('votes within the daily limit by the China date, with live counts and my votes', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = s.url;
      const board = data(await call(url, 'GET', '/api/campaign/vote'));
      expect(board).toMatchObject({
        loggedIn: false,
        votesLeftToday: null,
        votesPerDay: 3,
        closed: false,
        totalVotes: 0,
      });
      expect(board.options.map((o: Json) => o.key)).toEqual([
        'mango',
        'nuts',
        'jerky',
        'chips',
        'candy',
      ]);
      expect(board.options[0]).toMatchObject({
        name: '芒果干',
        image: '/api/campaign/assets/mango.svg',
        votes: 0,
        myVotes: 0,
      });
      expect(
        (await call(url, 'POST', '/api/campaign/vote/cast', { body: { option: 'mango' } })).body
          .code,
      ).toBe(-331007);

      const a = await newShopper(s);
      const b = await newShopper(s);
      const cast = (ut: string, option: string) =>
        call(url, 'POST', '/api/campaign/vote/cast', { ut, body: { option } });
      expect(data(await cast(a.ut, 'mango'))).toEqual({
        option: 'mango',
        votes: 1,
        totalVotes: 1,
        votesLeftToday: 2,
      });
      data(await cast(a.ut, 'mango'));
      expect(data(await cast(a.ut, 'nuts'))).toMatchObject({ votes: 1, votesLeftToday: 0 });
      expect((await cast(a.ut, 'nuts')).body).toEqual({
        code: 62003,
        message: '今日投票次数已用完，明天再来吧',
        data: null,
      });
      expect(data(await cast(b.ut, 'nuts'))).toMatchObject({ votes: 2, totalVotes: 4 });
      expect((await cast(b.ut, 'durian')).body.code).toBe(62002);
      // A key that is not even a key is the schema's refusal, never a 500.
      const bad = await call(url, 'POST', '/api/campaign/vote/cast', {
        ut: b.ut,
        body: { option: 'DROP TABLE' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(10001);

      const mine = data(await call(url, 'GET', '/api/campaign/vote', { ut: a.ut }));
      expect(mine).toMatchObject({ loggedIn: true, votesLeftToday: 0, totalVotes: 4 });
      expect(votesOf(mine)).toMatchObject({ mango: [2, 2], nuts: [2, 1], jerky: [0, 0] });

      // Tomorrow in China (16:00 UTC) brings three new votes.
      const start = s.clock.now();
      s.clock.set(Date.UTC(2026, 0, 15, 16, 0, 0));
      expect(data(await call(url, 'GET', '/api/campaign/vote', { ut: a.ut })).votesLeftToday).toBe(
        3,
      );
      s.clock.set(start);
    });

    it('never takes more votes a day than allowed, however many race', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = s.url;
      const c = await newShopper(s);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          call(url, 'POST', '/api/campaign/vote/cast', { ut: c.ut, body: { option: 'candy' } }),
        ),
      );
      const codes = answers.map((x) => x.body.code).sort((x, y) => x - y);
      expect(codes).toEqual([0, 0, 0, ...Array<number>(9).fill(62003)]);
      const board = data(await call(url, 'GET', '/api/campaign/vote', { ut: c.ut }));
      expect(votesOf(board).candy).toEqual([3, 3]);
    }, 30_000);

    it('closes at closesAt: the counts stand and a vote is refused with 62001', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = s.url;
      const d = await newShopper(s);
      const now = s.clock.now();
      const before = data(await call(url, 'GET', '/api/campaign/vote')).totalVotes;
      // The admin API edits the vote as data; a duplicate option key is refused.
      const settings = data(await admin(url, 'GET', '/admin/api/campaigns/vote')).settings;
      const twice = await admin(url, 'PATCH', '/admin/api/campaigns/vote', {
        settings: { ...settings, options: [settings.options[0], settings.options[0]] },
      });
      expect(twice.body.code).toBe(61003);
      data(
        await admin(url, 'PATCH', '/admin/api/campaigns/vote', {
          settings: { ...settings, closesAt: now + 60_000 },
        }),
      );
      data(
        await call(url, 'POST', '/api/campaign/vote/cast', { ut: d.ut, body: { option: 'jerky' } }),
      );
      s.clock.advance(60_000);
      const closed = await call(url, 'POST', '/api/campaign/vote/cast', {
        ut: d.ut,
        body: { option: 'jerky' },
      });
      expect(closed.body).toEqual({
        code: 62001,
        message: '投票已截止，感谢您的参与',
        data: { closesAt: now + 60_000 },
      });
      const result = data(await call(url, 'GET', '/api/campaign/vote'));
      expect(result).toMatchObject({
        closed: true,
        closesAt: now + 60_000,
        totalVotes: before + 1,
      });
      expect(result.campaign.state).toBe('running');
      data(await admin(url, 'PATCH', '/admin/api/campaigns/vote', { settings }));
      // Before the campaign opens, a vote is the window's refusal.
      data(await admin(url, 'PATCH', '/admin/api/campaigns/vote', { startsAt: s.clock.now() + 1 }));
      expect(
        (
          await call(url, 'POST', '/api/campaign/vote/cast', {
            ut: d.ut,
            body: { option: 'jerky' },
          })
        ).body.code,
      ).toBe(60001);
      data(await admin(url, 'PATCH', '/admin/api/campaigns/vote', { startsAt: now - DAY_MS }));
    });

    it('shakes: the server draws, a win is a coupon of the coupon pages, three shakes a day', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = s.url;
      const board = data(await call(url, 'GET', '/api/campaign/free'));
      expect(board).toMatchObject({
        loggedIn: false,
        chances: null,
        dailyChances: 3,
        shakeThreshold: 15,
      });
      expect(board.prizes.map((p: Json) => p.key)).toEqual(['free-meal']);

      const e = await newShopper(s);
      const shake = () => call(url, 'POST', '/api/campaign/free/shake', { ut: e.ut });
      // Make the draw certain: the free meal weighs everything, then nothing.
      const freeMeal = {
        name: '零食免单券（最高抵20元）',
        image: '/api/campaign/assets/free.svg',
        kind: 'coupon',
        value: 'free-meal-20',
        slot: -1,
      };
      data(
        // A partial edit: a live prize's stock moves only through /stock (decision 0037).
        await admin(url, 'PATCH', '/admin/api/campaigns/free/prizes/free-meal', {
          ...freeMeal,
          weight: 1,
        }),
      );
      data(
        await admin(url, 'PUT', '/admin/api/campaigns/free/prizes/thanks', {
          name: '谢谢参与',
          image: '/api/campaign/assets/thanks.svg',
          kind: 'thanks',
          weight: 0,
          slot: -1,
        }),
      );
      const won = data(await shake());
      expect(won.prize).toMatchObject({ key: 'free-meal', kind: 'coupon' });
      expect(won.award).toMatchObject({ kind: 'coupon', value: 'free-meal-20', source: 'shake' });
      expect(won.chances).toEqual({ left: 2, usedToday: 1 });
      const coupons = data(await call(url, 'GET', '/api/campaign/coupon/mine', { ut: e.ut }));
      expect(coupons).toHaveLength(1);
      expect(coupons[0]).toMatchObject({
        id: won.award.couponId,
        source: 'award',
        value: 2000,
        threshold: 0,
        status: 'unused',
      });
      // The coupon pays an order from the coupon pages: a 15-yuan order is free.
      expect(
        data(
          await call(url, 'POST', `/api/campaign/coupon/mine/${won.award.couponId}/use`, {
            ut: e.ut,
            body: { orderAmount: 1500 },
          }),
        ),
      ).toMatchObject({ discount: 1500, payable: 0 });
      expect(data(await call(url, 'GET', '/api/campaign/free/awards', { ut: e.ut }))).toHaveLength(
        1,
      );

      // Stock gone (taken away by a relative move, as a live stock must be): the fallback answers.
      const left = data(await admin(url, 'GET', '/admin/api/campaigns/free')).prizes.find(
        (p: Json) => p.key === 'free-meal',
      ).stock;
      data(
        await admin(url, 'POST', '/admin/api/campaigns/free/prizes/free-meal/stock', {
          add: -left,
        }),
      );
      const lost = data(await shake());
      expect(lost).toMatchObject({ prize: { key: 'thanks', kind: 'thanks' }, award: null });
      data(await shake());
      expect((await shake()).body).toEqual({
        code: 62010,
        message: '今日摇奖次数已用完，明天再来吧',
        data: null,
      });
      expect(data(await call(url, 'GET', '/api/campaign/free', { ut: e.ut })).chances).toEqual({
        left: 0,
        usedToday: 3,
      });
    });

    it('opens a bag code once (racing shoppers too), takes the address and confirms the order once', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = s.url;
      const codes = ['BAG0000001', 'BAG0000002', 'BAG0000003'];
      expect(
        data(
          await admin(url, 'POST', '/admin/api/campaigns/bag/bag-codes', {
            batch: 'batch-1',
            codes: [...codes, 'BAG0000001'],
          }),
        ),
      ).toEqual({ batch: 'batch-1', imported: 3, duplicates: 1 });
      // Only a bag campaign takes codes; a lower-case code is the schema's refusal.
      expect(
        (await admin(url, 'POST', '/admin/api/campaigns/vote/bag-codes', { batch: 'x', codes }))
          .body.code,
      ).toBe(61003);
      expect(
        (
          await admin(url, 'POST', '/admin/api/campaigns/bag/bag-codes', {
            batch: 'x',
            codes: ['bag0000009'],
          })
        ).status,
      ).toBe(400);
      // The gift box is the only prize drawn.
      for (const [key, prize] of Object.entries({
        'nuts-box': { name: '每日坚果礼盒（30袋）', kind: 'goods', weight: 1, stock: 50 },
        'mango-case': { name: '芒果干整箱（20袋）', kind: 'goods', weight: 0, stock: 20 },
        'points-50': { name: '50积分', kind: 'points', value: '50', weight: 0 },
        thanks: { name: '谢谢参与', kind: 'thanks', weight: 0 },
      }))
        data(
          await admin(url, 'PUT', `/admin/api/campaigns/bag/prizes/${key}`, {
            image: '/api/campaign/assets/nuts.svg',
            slot: -1,
            ...prize,
          }),
        );

      expect((await call(url, 'GET', '/api/campaign/bag')).body.code).toBe(-331007);
      const shoppers = [];
      for (let i = 0; i < 6; i++) shoppers.push(await newShopper(s));
      const [f, g] = shoppers as [Json, Json];
      expect(data(await call(url, 'GET', '/api/campaign/bag', { ut: f.ut }))).toMatchObject({
        attemptsPerDay: 30,
        attemptsLeftToday: 30,
        opened: 0,
      });
      // Six shoppers race with one code: one opening, one award.
      const raced = await Promise.all(
        shoppers.map((x) =>
          call(url, 'POST', '/api/campaign/bag/open', { ut: x.ut, body: { code: 'bag-0000001' } }),
        ),
      );
      expect(raced.map((x) => x.body.code).sort((a, b) => a - b)).toEqual([
        0, 62021, 62021, 62021, 62021, 62021,
      ]);
      const open = (ut: string, code: string) =>
        call(url, 'POST', '/api/campaign/bag/open', { ut, body: { code } });
      const won = data(await open(f.ut, 'bag 000 0002'));
      expect(won).toMatchObject({
        code: 'BAG0000002',
        prize: { key: 'nuts-box', kind: 'goods' },
        award: { kind: 'goods', state: 'needs_address', campaignId: 'bag' },
      });
      expect((await open(g.ut, 'BAG0000002')).body).toEqual({
        code: 62021,
        message: '该兑奖码已被使用',
        data: null,
      });
      expect((await open(g.ut, 'NOSUCHCODE')).body.code).toBe(62020);

      const order = `/api/campaign/bag/orders/${won.award.id}`;
      expect(data(await call(url, 'GET', order, { ut: f.ut }))).toMatchObject({
        code: 'BAG0000002',
        state: 'needs_address',
        address: null,
        confirmedAt: null,
      });
      // Another shopper's order is not found; an order without an address cannot be confirmed.
      expect((await call(url, 'GET', order, { ut: g.ut })).body.code).toBe(60003);
      expect((await call(url, 'POST', `${order}/confirm`, { ut: f.ut })).body.code).toBe(60033);
      data(
        await call(url, 'POST', `/api/campaign/bag/awards/${won.award.id}/address`, {
          ut: f.ut,
          body: { name: '张三', mobile: f.mobile, regionCode: '310101', detail: '南京东路100号' },
        }),
      );
      expect(data(await call(url, 'GET', order, { ut: f.ut })).state).toBe('ready');
      const confirmed = data(await call(url, 'POST', `${order}/confirm`, { ut: f.ut }));
      expect(confirmed).toMatchObject({ state: 'confirmed', confirmedAt: s.clock.now() });
      expect(confirmed.address).toMatchObject({ name: '张三', regionName: '黄浦区' });
      expect((await call(url, 'POST', `${order}/confirm`, { ut: f.ut })).body.code).toBe(62023);
      const list = data(await call(url, 'GET', '/api/campaign/bag/awards', { ut: f.ut }));
      expect(list.map((a: Json) => a.id)).toContain(won.award.id);

      // Every attempt counts towards the day's limit, right or wrong.
      const settings = data(await admin(url, 'GET', '/admin/api/campaigns/bag')).settings;
      data(
        await admin(url, 'PATCH', '/admin/api/campaigns/bag', {
          settings: { ...settings, attemptsPerDay: 3 },
        }),
      );
      expect((await open(g.ut, 'BAG0000003')).body.code).toBe(62022);
      data(await admin(url, 'PATCH', '/admin/api/campaigns/bag', { settings }));
      expect(data(await open(g.ut, 'BAG0000003')).prize.key).toBe('nuts-box');
    }, 60_000);
  });
};

await onEachEngine(gamesSuite);
