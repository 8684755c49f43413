// Frequency control across processes: two gateways' controls, each holding part of an account's
// traffic, share their counts through a real Redis, so the account is held to one budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrequencyControl } from '../../src/im/gateway/index.ts';
import { RedisFrequencyCounts } from '../../src/im/gateway/shared-frequency.ts';
import { checkRedis, REDIS_URL, uniquePrefix } from '../harness/index.ts';

const available = await checkRedis();
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
/** Waits for the start of a wall-clock second: Redis counts per second, and the uses must share one. */
const startOfSecond = () =>
  new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));

describe.skipIf(!available)('frequency counts shared in Redis', () => {
  let one: RedisFrequencyCounts;
  let two: RedisFrequencyCounts;
  beforeAll(async () => {
    const prefix = uniquePrefix();
    one = await RedisFrequencyCounts.connect(REDIS_URL, prefix);
    two = await RedisFrequencyCounts.connect(REDIS_URL, prefix);
  });
  afterAll(() => {
    one?.close();
    two?.close();
  });

  const limits = { perSecond: 4, blockSeconds: 5 };

  it('blocks an account whose processes together pass the limit, on both', async () => {
    const a = new FrequencyControl(limits, undefined, one);
    const b = new FrequencyControl(limits, undefined, two);
    // Three uses on each: each process alone is under four, together they are six.
    await startOfSecond();
    for (let i = 0; i < 3; i++) {
      expect(a.hit('app:alice:sendMsg')).toBe(0);
      expect(b.hit('app:alice:sendMsg')).toBe(0);
      await settle();
    }
    await settle();
    expect(a.hit('app:alice:sendMsg')).toBeGreaterThan(0);
    expect(b.hit('app:alice:sendMsg')).toBeGreaterThan(0);
    // Another account is not touched.
    expect(a.hit('app:bob:sendMsg')).toBe(0);
  });

  it('tells the other process of a block one process set', async () => {
    const a = new FrequencyControl(limits, undefined, one);
    const b = new FrequencyControl(limits, undefined, two);
    for (let i = 0; i < 5; i++) a.hit('app:carol:sendMsg');
    expect(a.hit('app:carol:sendMsg')).toBeGreaterThan(0);
    await settle();
    // b's first use passes (its decision is local), and its reply brings the block.
    expect(b.hit('app:carol:sendMsg')).toBe(0);
    await settle();
    expect(b.hit('app:carol:sendMsg')).toBeGreaterThan(0);
  });

  it('shares nothing for local-only keys (connections before login)', async () => {
    const a = new FrequencyControl(limits, undefined, one);
    const b = new FrequencyControl(limits, undefined, two);
    for (let i = 0; i < 3; i++) {
      a.hit('conn:1:login', 1, true);
      b.hit('conn:1:login', 1, true);
      await settle();
    }
    expect(a.hit('conn:1:login', 1, true)).toBe(0);
    expect(b.hit('conn:1:login', 1, true)).toBe(0);
  });
});
