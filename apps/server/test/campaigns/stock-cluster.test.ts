// Campaign stock across processes (issue 25): two server processes on one PostgreSQL database
// (and one Redis), shoppers drawing on both at once. Stock is one conditional update in the
// database, so the processes together award exactly the stock, never more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPostgres,
  checkRedis,
  createPostgresDatabase,
  REDIS_URL,
  uniquePrefix,
} from '../harness/index.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { aimRaffleAt, call, newShopper, startCampaignServer, type Shopper } from './helpers.ts';

const ready = (await checkPostgres()) && (await checkRedis());
const SHOPPERS = 10;
const DRAWS_EACH = 20;
const STOCK = 30;

describe.runIf(ready)('campaign stock across two processes', () => {
  let one: ProductTestServer;
  let two: ProductTestServer;
  let dropDatabase: () => Promise<void> = async () => {};
  const shoppers: Shopper[] = [];

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = () => database.drop();
    const shared = { databaseUrl: database.url, redisUrl: REDIS_URL, redisPrefix: uniquePrefix() };
    one = await startCampaignServer(shared);
    two = await startCampaignServer(shared);
    await aimRaffleAt(one.url, 'nuts-box', STOCK, DRAWS_EACH);
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await newShopper(i % 2 ? two : one));
  }, 120_000);
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await dropDatabase();
  });

  it('awards exactly the stock when both processes draw at once', async () => {
    const answers = await Promise.all(
      shoppers.flatMap((shopper, i) =>
        Array.from({ length: DRAWS_EACH }, (_, k) =>
          call((i + k) % 2 ? two.url : one.url, 'POST', '/api/campaign/raffle/draw', {
            ut: shopper.ut,
          }),
        ),
      ),
    );
    const bodies = answers.map((a) => a.body as { code: number; data: { prize: { key: string } } });
    expect(bodies.filter((b) => b.code !== 0).slice(0, 3)).toEqual([]);
    expect(bodies.filter((b) => b.data.prize.key === 'nuts-box')).toHaveLength(STOCK);
    // Each shopper's daily chances are counted across both processes too.
    const extra = await call(two.url, 'POST', '/api/campaign/raffle/draw', {
      ut: shoppers[0]!.ut,
    });
    expect(extra.body.code).toBe(60020);
  }, 180_000);
});
