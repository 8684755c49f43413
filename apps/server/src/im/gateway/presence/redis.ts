// Presence shared by every gateway process, in Redis.
import { Redis } from 'ioredis';
import { systemClock } from '../../../clock.ts';
import type { AccountKey, LoginPort } from '../ports.ts';
import type { HeldPort, Presence } from './types.ts';

/**
 * One Redis hash per account (connection id -> port with the time its process last vouched for
 * it). Each process re-vouches for its own ports periodically; ports nobody vouched for within
 * the TTL belong to a crashed process and are dropped on read, and a hash nobody refreshes
 * expires whole.
 */
export class RedisPresence implements Presence {
  static readonly TTL_MS = 120_000;
  readonly kind = 'redis';

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  static async connect(
    url: string,
    prefix: string,
    // Redis expires keys in real time, so the heartbeats it compares must be real time too.
    now: () => number = systemClock.now,
  ): Promise<RedisPresence> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await redis.connect();
    return new RedisPresence(redis, prefix, now);
  }

  private key({ appKey, accid }: AccountKey) {
    return `${this.prefix}im:presence:${appKey}:${accid}`;
  }

  async add(account: AccountKey, port: LoginPort): Promise<void> {
    await this.refresh([{ account, port }]);
  }

  async remove(account: AccountKey, connectionId: string): Promise<void> {
    await this.redis.hdel(this.key(account), connectionId);
  }

  async ports(account: AccountKey): Promise<LoginPort[]> {
    const key = this.key(account);
    const all = await this.redis.hgetall(key);
    const live: LoginPort[] = [];
    const stale: string[] = [];
    for (const [connectionId, json] of Object.entries(all)) {
      const { seenAt, port } = JSON.parse(json) as { seenAt: number; port: LoginPort };
      if (this.now() - seenAt > RedisPresence.TTL_MS) stale.push(connectionId);
      else live.push(port);
    }
    if (stale.length) await this.redis.hdel(key, ...stale);
    return live;
  }

  async refresh(entries: HeldPort[]): Promise<void> {
    if (entries.length === 0) return;
    const seenAt = this.now();
    const pipeline = this.redis.pipeline();
    for (const { account, port } of entries) {
      const key = this.key(account);
      pipeline.hset(key, port.connectionId, JSON.stringify({ seenAt, port }));
      pipeline.pexpire(key, RedisPresence.TTL_MS);
    }
    await pipeline.exec();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
