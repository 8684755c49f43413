// An operator adds stock while shoppers draw, on SQLite and on PostgreSQL (issue 26, decision
// 0037): restocks are relative and atomic and an edit of other fields never writes the stock, so
// every unit is either still in stock or awarded once — nothing oversold, nothing lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  DAY_MS,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Shopper,
} from './helpers.ts';

const SHOPPERS = 8;
const DRAWS_EACH = 15;
const FIRST_WAVE = 8;
const FIRST_STOCK = 10;
const RESTOCKS = 6;
const ADD = 5;

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`stock edits racing draws (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let shoppers: Shopper[] = [];
    beforeAll(async () => {
      const extra = await overrides();
      if (!extra) return;
      s = await startCampaignServer(extra);
      const startsAt = s.clock.now() - DAY_MS;
      data(
        await admin(s.url, 'POST', '/admin/api/campaigns', {
          id: 'race-raffle',
          kind: 'raffle',
          title: '补货抽奖',
          startsAt,
          endsAt: startsAt + 10 * DAY_MS,
          status: 'live',
          settings: {
            layout: 'grid',
            dailyChances: DRAWS_EACH,
            bonusChancesPerDay: 0,
            fallbackPrize: 'thanks',
            winnersShown: 0,
          },
          prizes: [
            {
              key: 'gift',
              name: '礼盒',
              image: '',
              kind: 'goods',
              weight: 1,
              stock: FIRST_STOCK,
              slot: 0,
            },
            { key: 'thanks', name: '谢谢参与', image: '', kind: 'thanks', weight: 0, slot: 1 },
          ],
        }),
      );
      shoppers = [];
      for (let i = 0; i < SHOPPERS; i++) shoppers.push(await newShopper(s));
    }, 120_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('awards exactly the first stock plus every restock, however they interleave', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const path = '/admin/api/campaigns/race-raffle/prizes/gift';
      const read = async () =>
        data(await admin(server.url, 'GET', '/admin/api/campaigns/race-raffle')).prizes.find(
          (p: { key: string }) => p.key === 'gift',
        );
      const drawWave = (each: number) =>
        Promise.all(
          shoppers.flatMap((shopper) =>
            Array.from({ length: each }, () =>
              call(server.url, 'POST', '/api/campaign/raffle/draw?campaign=race-raffle', {
                ut: shopper.ut,
              }),
            ),
          ),
        );
      const restocks = Array.from({ length: RESTOCKS }, () =>
        admin(server.url, 'POST', `${path}/stock`, { add: ADD }),
      );
      // Another operator renames the prize meanwhile: a partial edit leaves the stock alone.
      const edits = Array.from({ length: 3 }, (_, i) =>
        admin(server.url, 'PATCH', path, { name: `礼盒${i}` }),
      );
      // The first wave of draws races the restocks and edits; the second drains what is left.
      const [first, restocked, edited] = await Promise.all([
        drawWave(FIRST_WAVE),
        Promise.all(restocks),
        Promise.all(edits),
      ]);
      expect(restocked.map((r) => r.body.code)).toEqual(Array(RESTOCKS).fill(0));
      expect(edited.map((r) => r.body.code)).toEqual([0, 0, 0]);
      const total = FIRST_STOCK + RESTOCKS * ADD;
      // Nothing lost so far: every unit is either in stock or awarded.
      const between = await read();
      expect(Number(between.stock) + Number(between.awarded)).toBe(total);
      const second = await drawWave(DRAWS_EACH - FIRST_WAVE);
      const drawn = [...first, ...second];
      expect(drawn.filter((d) => d.body.code !== 0)).toEqual([]);
      const won = drawn.filter((d) => d.body.data.prize.key === 'gift');
      // More draws than units in the second wave alone: every unit goes, none twice.
      expect(won).toHaveLength(total);
      expect(await read()).toMatchObject({ stock: 0, awarded: total });
      const rows = await server.server.store.db
        .selectFrom('campaign_awards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', 'race-raffle')
        .where('prize_key', '=', 'gift')
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(total);
    }, 180_000);
  });
};

await onEachEngine(suite);
