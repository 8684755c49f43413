import { describe } from 'vitest';
import { MemoryPresence, RedisPresence } from '../../src/im/gateway/presence/index.ts';
import { checkRedis, REDIS_URL, uniquePrefix } from '../harness/index.ts';
import { presenceContract } from './presence.contract.ts';

presenceContract('memory', {
  distributed: false,
  async open() {
    const presence = new MemoryPresence();
    return [presence, presence];
  },
});

describe.runIf(await checkRedis())('on Redis', () => {
  presenceContract('redis', {
    distributed: true,
    ttlMs: RedisPresence.TTL_MS,
    async open(now) {
      const prefix = uniquePrefix();
      return [
        await RedisPresence.connect(REDIS_URL, prefix, now),
        await RedisPresence.connect(REDIS_URL, prefix, now),
      ];
    },
  });
});
