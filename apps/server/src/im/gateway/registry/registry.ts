// Which gateway processes are alive, for the load balancer to hand out (docs/operations.md,
// "Running a cluster"). Each gateway announces its own link address with a heartbeat in Redis and
// withdraws it on shutdown; an address nobody renewed within the TTL belongs to a process that
// died and is no longer handed out. Without Redis there is one process and nothing to announce.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { systemClock } from '../../../clock.ts';

export interface GatewayRegistry {
  /** Announces (or renews) this process's link address. */
  beat(address: string): Promise<void>;
  /** The live gateways' addresses. */
  live(): Promise<string[]>;
  /** Withdraws this process's address at once (shutdown). */
  leave(address: string): Promise<void>;
  close(): Promise<void>;
}

export class RedisGatewayRegistry implements GatewayRegistry {
  /** Renewed every HEARTBEAT_MS; gone after TTL_MS without a renewal. */
  static readonly HEARTBEAT_MS = 5_000;
  static readonly TTL_MS = 15_000;

  private constructor(
    private readonly redis: Redis,
    private readonly key: string,
    // Scores are compared across processes: wall time, as Redis itself keeps.
    private readonly now: () => number,
  ) {}

  static async connect(
    url: string,
    prefix: string,
    now: () => number = systemClock.now,
  ): Promise<RedisGatewayRegistry> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    redis.on('error', () => {}); // commands fail on their own; the bus logs the outage
    await redis.connect();
    return new RedisGatewayRegistry(redis, `${prefix}im:gateways`, now);
  }

  async beat(address: string): Promise<void> {
    await this.redis
      .multi()
      .zadd(this.key, this.now(), address)
      .zremrangebyscore(this.key, '-inf', `(${this.now() - RedisGatewayRegistry.TTL_MS}`)
      .exec();
  }

  async live(): Promise<string[]> {
    return this.redis.zrangebyscore(this.key, this.now() - RedisGatewayRegistry.TTL_MS, '+inf');
  }

  async leave(address: string): Promise<void> {
    await this.redis.zrem(this.key, address);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/**
 * The gateways in the order an account should try them: highest random weight first (rendezvous
 * hashing), so every device of an account is sent to the same gateway while it lives, and when
 * one gateway leaves only its own accounts move.
 */
export function orderFor(account: string, addresses: readonly string[]): string[] {
  const weight = (address: string) =>
    createHash('sha1').update(`${account}\u0000${address}`).digest().readBigUInt64BE(0);
  return addresses
    .map((address) => ({ address, weight: weight(address) }))
    .sort((a, b) => (a.weight === b.weight ? 0 : a.weight > b.weight ? -1 : 1))
    .map(({ address }) => address);
}
