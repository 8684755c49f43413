// Response cache in localStorage (spec section 7): default 5 minutes, only code-0 answers.
import { LIMITS } from '../config/product.ts';
import { isSuccess, type ApiEnvelope } from './types.ts';

const PREFIX = 'morsel:request:';

interface Entry {
  expires: number;
  value: ApiEnvelope;
}

export function cacheLifetime(option: boolean | number | undefined): number {
  if (option === true) return LIMITS.cacheDefaultMs;
  return typeof option === 'number' && option > 0 ? option : 0;
}

export function readCached(key: string, now = Date.now()): ApiEnvelope | null {
  const raw = localStorage.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Entry;
    if (entry.expires > now) return entry.value;
  } catch {
    // A damaged entry is as good as none.
  }
  localStorage.removeItem(PREFIX + key);
  return null;
}

export function writeCached(
  key: string,
  value: ApiEnvelope,
  lifetimeMs: number,
  now = Date.now(),
): void {
  if (lifetimeMs <= 0 || !isSuccess(value)) return;
  try {
    localStorage.setItem(
      PREFIX + key,
      JSON.stringify({ expires: now + lifetimeMs, value } satisfies Entry),
    );
  } catch {
    // Storage full or disabled (private mode): the answer is still returned, just not kept.
  }
}
