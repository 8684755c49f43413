// Frequency control across processes: two gateways' controls, each holding part of an account's
// traffic, share their counts through a real Redis, so the account is held to one budget.
// The controls read a clock that stands still, so every use falls in one second whatever the
// machine's load (a real second's edge split the uses in two on a busy CI), and the tests wait
// for Redis's replies instead of a fixed pause.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FrequencyControl } from '../../src/im/gateway/index.ts';
import { RedisFrequencyCounts } from '../../src/im/gateway/shared-frequency.ts';
import { checkRedis, REDIS_URL, uniquePrefix } from '../harness/index.ts';

const available = await checkRedis();
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const seeBlock = (control: FrequencyControl, key: string) =>
  vi.waitFor(() => expect(control.blockedSeconds(key)).toBeGreaterThan(0), { timeout: 10_000 });

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
  const standing = () => {
    const at = Date.now();
    return () => at;
  };

  it('blocks an account whose processes together pass the limit, on both', async () => {
    const now = standing();
    const a = new FrequencyControl(limits, now, one);
    const b = new FrequencyControl(limits, now, two);
    // Three uses on each: each process alone is under four, together they are six. Each use is
    // decided at once, locally; the cluster's total comes back with Redis's reply.
    for (let i = 0; i < 3; i++) {
      expect(a.hit('app:alice:sendMsg')).toBe(0);
      expect(b.hit('app:alice:sendMsg')).toBe(0);
      await settle();
    }
    await seeBlock(a, 'app:alice:sendMsg');
    await seeBlock(b, 'app:alice:sendMsg');
    expect(a.hit('app:alice:sendMsg')).toBeGreaterThan(0);
    expect(b.hit('app:alice:sendMsg')).toBeGreaterThan(0);
    // Another account is not touched.
    expect(a.hit('app:bob:sendMsg')).toBe(0);
  });

  it('tells the other process of a block one process set', async () => {
    const now = standing();
    const a = new FrequencyControl(limits, now, one);
    const b = new FrequencyControl(limits, now, two);
    for (let i = 0; i < 5; i++) a.hit('app:carol:sendMsg');
    expect(a.hit('app:carol:sendMsg')).toBeGreaterThan(0);
    // b's first use passes (its decision is local), and its reply brings the block.
    expect(b.hit('app:carol:sendMsg')).toBe(0);
    await seeBlock(b, 'app:carol:sendMsg');
    expect(b.hit('app:carol:sendMsg')).toBeGreaterThan(0);
  });

  it('shares nothing for local-only keys (connections before login)', async () => {
    const now = standing();
    const a = new FrequencyControl(limits, now, one);
    const b = new FrequencyControl(limits, now, two);
    for (let i = 0; i < 3; i++) {
      a.hit('conn:1:login', 1, true);
      b.hit('conn:1:login', 1, true);
      await settle();
    }
    expect(a.hit('conn:1:login', 1, true)).toBe(0);
    expect(b.hit('conn:1:login', 1, true)).toBe(0);
  });
});
