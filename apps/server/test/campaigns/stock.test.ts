// Stock and limits under concurrency, on SQLite and on PostgreSQL: 2,000 concurrent draws against
// a stock of 100 award exactly 100; racing coupon claims stop at the template's stock and each
// shopper's limit; racing password redemptions stop at the password's use limit. Each "at most"
// is one conditional update or unique index, so no interleaving over-awards.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  aimRaffleAt,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Shopper,
} from './helpers.ts';

/**
 * All 2,000 requests are issued at once, over at most 256 keep-alive sockets: opening 2,000 TCP
 * connections in the same instant overflows the listen backlog and the kernel resets some, which
 * tests the machine's TCP stack rather than the stock. 256 in flight is still far above what the
 * store runs at once (one SQLite connection, a PostgreSQL pool of 10).
 */
const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: 256 });

function draw(
  agent: http.Agent,
  base: string,
  ut: string,
): Promise<{ code: number; data: { prize: { key: string }; slot: number } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/campaign/raffle/draw`,
      { method: 'POST', agent, headers: { ut } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const SHOPPERS = 20;
const DRAWS_EACH = 100;
const STOCK = 100;

const stockSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`stock and limits under concurrency (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let shoppers: Shopper[] = [];
    const agent = newAgent();
    beforeAll(async () => {
      const extra = await overrides();
      if (!extra) return;
      s = await startCampaignServer(extra);
      // Every draw aims at the one prize of stock 100; the fallback answers the rest.
      await aimRaffleAt(s.url, 'nuts-box', STOCK, DRAWS_EACH);
      shoppers = [];
      for (let i = 0; i < SHOPPERS; i++) shoppers.push(await newShopper(s));
    }, 120_000);
    afterAll(async () => {
      agent.destroy();
      await s?.stop();
      await cleanup();
    });

    it('awards exactly the stock, and the fallback to everyone else', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const draws = shoppers.flatMap((shopper) =>
        Array.from({ length: DRAWS_EACH }, () => draw(agent, server.url, shopper.ut)),
      );
      const answers = await Promise.all(draws);
      expect(answers).toHaveLength(2000);
      expect(answers.filter((a) => a.code !== 0).slice(0, 3)).toEqual([]);
      const won = answers.filter((a) => a.data.prize.key === 'nuts-box');
      expect(won).toHaveLength(STOCK);
      expect(answers.filter((a) => a.data.prize.key === 'thanks')).toHaveLength(
        SHOPPERS * DRAWS_EACH - STOCK,
      );
      expect(won.every((a) => a.data.slot === 0)).toBe(true);

      const prize = data(await admin(server.url, 'GET', '/admin/api/campaigns/raffle')).prizes.find(
        (p: { key: string }) => p.key === 'nuts-box',
      );
      expect(prize).toMatchObject({ stock: 0, awarded: STOCK });
      const rows = await server.server.store.db
        .selectFrom('campaign_awards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', 'raffle')
        .where('prize_key', '=', 'nuts-box')
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(STOCK);

      // Each shopper spent exactly their daily chances: one more draw is refused.
      const extra = await call(server.url, 'POST', '/api/campaign/raffle/draw', {
        ut: shoppers[0]!.ut,
      });
      expect(extra.body.code).toBe(60020);
    }, 180_000);

    it("never passes a coupon template's stock or a shopper's limit under concurrent claims", async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      data(
        await admin(server.url, 'PUT', '/admin/api/coupon-templates/race-5-off', {
          campaignId: 'coupon',
          name: '限量满39减5元',
          category: '全场通用',
          value: 500,
          threshold: 3900,
          validDays: 7,
          stock: 50,
          perUserLimit: 3,
          claimable: true,
          channels: ['store'],
          scope: '全场商品可用',
        }),
      );
      const claims = shoppers.flatMap((shopper) =>
        Array.from({ length: 10 }, () =>
          call(server.url, 'POST', '/api/campaign/coupon/claim', {
            ut: shopper.ut,
            body: { templateKey: 'race-5-off' },
          }),
        ),
      );
      const answers = await Promise.all(claims);
      expect(
        answers.filter((a) => ![0, 60051, 60052].includes(a.body.code)).map((a) => a.body),
      ).toEqual([]);
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(50);
      const perShopper = await server.server.store.db
        .selectFrom('coupons')
        .innerJoin('coupon_templates', 'coupon_templates.id', 'coupons.template_id')
        .select(['coupons.user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('coupon_templates.template_key', '=', 'race-5-off')
        .groupBy('coupons.user_id')
        .execute();
      expect(perShopper.reduce((sum, row) => sum + Number(row.n), 0)).toBe(50);
      expect(Math.max(...perShopper.map((row) => Number(row.n)))).toBeLessThanOrEqual(3);
      const template = data(
        await admin(server.url, 'GET', '/admin/api/campaigns/coupon'),
      ).couponTemplates.find((t: { key: string }) => t.key === 'race-5-off');
      expect(template).toMatchObject({ stock: 0, issued: 50 });
    }, 120_000);

    it('lets exactly the use limit of shoppers win a password at once', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const server = s;
      const now = server.clock.now();
      data(
        await admin(server.url, 'PUT', '/admin/api/campaigns/password/passwords/RACE', {
          prize: 'package-points',
          startsAt: now - 1,
          endsAt: now + 86_400_000,
          useLimit: 7,
        }),
      );
      const answers = await Promise.all(
        shoppers.map((shopper) =>
          call(server.url, 'POST', '/api/campaign/password/redeem', {
            ut: shopper.ut,
            body: { password: 'race' },
          }),
        ),
      );
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(7);
      expect(answers.filter((a) => a.body.code === 60041)).toHaveLength(SHOPPERS - 7);
    }, 60_000);
  });
};

await onEachEngine(stockSuite);
