// Every "once" and "at most" of the campaigns under concurrent requests, on SQLite and on
// PostgreSQL: a shopper who taps twice (or a script that sends twenty requests at once) signs in
// once a day and earns a streak milestone once, takes the new-user pack once, claims one gift,
// assists a friend once, earns extra draws only up to the cap, uses or redeems a coupon once and
// spends an exchange code once. stock.test.ts covers stock and per-user coupon limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { demoCode } from '../harness/index.ts';
import {
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type Answer,
  type EngineSuite,
  type Json,
  type Shopper,
} from './helpers.ts';

const AT_ONCE = 20;

/** The codes of `AT_ONCE` identical requests sent together, sorted. */
async function race(send: () => Promise<Answer<Json>>, times = AT_ONCE): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: times }, send));
  return answers.map((a) => a.body.code).sort((x, y) => x - y);
}

const once = (refusal: number, times = AT_ONCE) => [0, ...Array<number>(times - 1).fill(refusal)];

const raceSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`campaign races (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const count = async (
      table: 'campaign_sign_ins' | 'points_ledger' | 'campaign_awards' | 'coupons',
      userId: number,
    ) => {
      const row = await s!.server.store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    it('signs a shopper in once a day and pays the points and the milestone once', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const start = server.clock.now();
      const a = await newShopper(server);
      const sign = () => call(server.url, 'POST', '/api/campaign/sign/today', { ut: a.ut });
      expect(await race(sign)).toEqual(once(60010));
      expect(await count('campaign_sign_ins', a.id)).toBe(1);
      expect(await count('points_ledger', a.id)).toBe(1);

      // Day 3 reaches the first milestone (20 points): one reward, however many requests race.
      server.clock.advance(DAY_MS);
      expect(await race(sign)).toEqual(once(60010));
      server.clock.advance(DAY_MS);
      expect(await race(sign)).toEqual(once(60010));
      const page = data(await call(server.url, 'GET', '/api/campaign/sign', { ut: a.ut }));
      expect(page).toMatchObject({ streak: 3, points: 3 * 5 + 20 });
      expect(
        data(await call(server.url, 'GET', '/api/campaign/sign/awards', { ut: a.ut })).map(
          (x: { prizeKey: string }) => x.prizeKey,
        ),
      ).toEqual(['streak-3']);
      expect(await count('campaign_sign_ins', a.id)).toBe(3);
      server.clock.set(start);
    }, 60_000);

    it('gives the new-user pack once and one gift coupon per receiver', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const fresh = await newShopper(server);
      expect(
        await race(() =>
          call(server.url, 'POST', '/api/campaign/coupon/newuser/claim', { ut: fresh.ut }),
        ),
      ).toEqual(once(60057));
      expect(await count('coupons', fresh.id)).toBe(3);

      const sharers: Shopper[] = [];
      for (let i = 0; i < 4; i++) sharers.push(await newShopper(server));
      const codes: string[] = [];
      for (const sharer of sharers)
        codes.push(
          data(await call(server.url, 'GET', '/api/campaign/coupon/poster', { ut: sharer.ut }))
            .shareCode,
        );
      const receiver = await newShopper(server);
      // The same link tapped many times, and the links of four friends at once: one coupon.
      const claims = Array.from(
        { length: AT_ONCE },
        (_, i) => () =>
          call(server.url, 'POST', '/api/campaign/coupon/gift/claim', {
            ut: receiver.ut,
            body: { shareCode: codes[i % codes.length] },
          }),
      );
      const answers = await Promise.all(claims.map((claim) => claim()));
      expect(answers.map((a) => a.body.code).sort((x, y) => x - y)).toEqual(once(60060));
      expect(await count('coupons', receiver.id)).toBe(1);
    }, 60_000);

    it('counts one assist per friend and earns extra draws only up to the daily cap', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const sharer = await newShopper(server);
      const friend = await newShopper(server);
      const { shareCode } = data(
        await call(server.url, 'GET', '/api/campaign/raffle', { ut: sharer.ut }),
      );
      expect(
        await race(() =>
          call(server.url, 'POST', '/api/campaign/raffle/assist', {
            ut: friend.ut,
            body: { shareCode },
          }),
        ),
      ).toEqual(once(60025));
      expect(
        data(await call(server.url, 'GET', '/api/campaign/raffle/chances', { ut: sharer.ut })),
      ).toMatchObject({ bonus: 1, left: 4 });

      // The cap is 3 a day: the assist took one, so two of the racing shares earn one each.
      const shares = await race(() =>
        call(server.url, 'POST', '/api/campaign/raffle/share', { ut: sharer.ut }),
      );
      expect(shares).toEqual([0, 0, ...Array<number>(AT_ONCE - 2).fill(60022)]);
      const chances = data(
        await call(server.url, 'GET', '/api/campaign/raffle/chances', { ut: sharer.ut }),
      );
      expect(chances).toMatchObject({ bonus: 3, left: 6 });

      // Racing draws spend exactly the chances there are.
      const draws = await race(() =>
        call(server.url, 'POST', '/api/campaign/raffle/draw', { ut: sharer.ut }),
      );
      expect(draws).toEqual([
        ...Array<number>(6).fill(0),
        ...Array<number>(AT_ONCE - 6).fill(60020),
      ]);
      expect(await count('campaign_awards', sharer.id)).toBe(6);
    }, 60_000);

    it('uses a coupon online once, redeems its code once and spends an exchange code once', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const a = await newShopper(server);
      const online = data(
        await call(server.url, 'POST', '/api/campaign/coupon/claim', {
          ut: a.ut,
          body: { templateKey: 'all-10-off-99' },
        }),
      );
      expect(
        await race(() =>
          call(server.url, 'POST', `/api/campaign/coupon/mine/${online.id}/use`, {
            ut: a.ut,
            body: { orderAmount: 12_800 },
          }),
        ),
      ).toEqual(once(60053));

      const store = data(
        await call(server.url, 'POST', '/api/campaign/coupon/claim', {
          ut: a.ut,
          body: { templateKey: 'biscuit-6-off-49' },
        }),
      );
      const { code } = data(
        await call(server.url, 'GET', `/api/campaign/coupon/mine/${store.id}`, { ut: a.ut }),
      );
      expect(
        await race(() => admin(server.url, 'POST', '/admin/api/coupons/redeem', { code })),
      ).toEqual(once(60053));
      expect(
        data(await call(server.url, 'GET', '/api/campaign/coupon/mine?status=used', { ut: a.ut }))
          .map((c: { id: number }) => c.id)
          .sort(),
      ).toEqual([online.id, store.id].sort());

      const shoppers: Shopper[] = [];
      for (let i = 0; i < 8; i++) shoppers.push(await newShopper(server));
      const exchanged = await Promise.all(
        shoppers.map((shopper) =>
          call(server.url, 'POST', '/api/campaign/coupon/exchange', {
            ut: shopper.ut,
            body: { code: demoCode(server, 'NUTS8888') },
          }),
        ),
      );
      expect(exchanged.map((x) => x.body.code).sort((x, y) => x - y)).toEqual(once(60062, 8));
    }, 60_000);
  });
};

await onEachEngine(raceSuite);
