import { MemoryBus } from './memory.ts';
import { RedisBus } from './redis.ts';
import type { Bus } from './types.ts';

export type { Bus, BusHandler, Unsubscribe } from './types.ts';
export { MemoryBus } from './memory.ts';
export { RedisBus } from './redis.ts';

export interface BusOptions {
  redisUrl?: string;
  redisPrefix: string;
  onHandlerError?: (error: unknown) => void;
}

/** Redis when a URL is configured (several processes), otherwise the in-process bus. */
export async function openBus(options: BusOptions): Promise<Bus> {
  if (!options.redisUrl) return new MemoryBus(options.onHandlerError);
  return RedisBus.connect({
    url: options.redisUrl,
    prefix: options.redisPrefix,
    ...(options.onHandlerError && { onHandlerError: options.onHandlerError }),
  });
}
