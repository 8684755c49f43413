// Frequency counts shared by the processes of a cluster (frequency.ts): one Redis counter per key
// and second, and one block key per key, read in the same round trip as the increment.
import { Redis } from 'ioredis';
import type { SharedCounts } from './frequency.ts';

export class RedisFrequencyCounts implements SharedCounts {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix: string): Promise<RedisFrequencyCounts> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {}); // a failed count leaves the local decision standing
    await redis.connect();
    return new RedisFrequencyCounts(redis, `${prefix}im:frequency:`);
  }

  async add(key: string, second: number, weight: number) {
    const counter = `${this.prefix}${key}:${second}`;
    const replies = await this.redis
      .multi()
      .incrby(counter, weight)
      .pexpire(counter, 2000)
      .pttl(`${this.prefix}block:${key}`)
      .exec();
    const total = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[2]?.[1] ?? -2);
    return { total, blockedMs: ttl > 0 ? ttl : 0 };
  }

  async block(key: string, ms: number): Promise<void> {
    await this.redis.set(`${this.prefix}block:${key}`, '1', 'PX', ms);
  }

  close(): void {
    this.redis.disconnect();
  }
}
