import { describe } from 'vitest';
import { MemoryBus, RedisBus } from '../../src/bus/index.ts';
import { checkRedis, REDIS_URL, uniquePrefix } from '../harness/index.ts';
import { busContract } from './bus.contract.ts';

busContract('memory', {
  distributed: false,
  async open() {
    const bus = new MemoryBus();
    return [bus, bus];
  },
});

describe.runIf(await checkRedis())('on Redis', () => {
  busContract('redis', {
    distributed: true,
    async open() {
      const prefix = uniquePrefix();
      return [
        await RedisBus.connect({ url: REDIS_URL, prefix }),
        await RedisBus.connect({ url: REDIS_URL, prefix }),
      ];
    },
  });
});
