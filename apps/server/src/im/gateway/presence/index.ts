import { MemoryPresence } from './memory.ts';
import { RedisPresence } from './redis.ts';
import type { Presence } from './types.ts';

export type { HeldPort, Presence } from './types.ts';
export type { LoginPort } from '../ports.ts';
export { MemoryPresence } from './memory.ts';
export { RedisPresence } from './redis.ts';

export interface PresenceOptions {
  redisUrl?: string;
  redisPrefix: string;
}

/** Redis when a URL is configured (several processes), otherwise the in-process engine. */
export async function openPresence(options: PresenceOptions): Promise<Presence> {
  if (!options.redisUrl) return new MemoryPresence();
  return RedisPresence.connect(options.redisUrl, options.redisPrefix);
}
