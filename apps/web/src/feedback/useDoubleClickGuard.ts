// Button double-click guard (spec section 9): a second tap within 500 ms of the last accepted
// one is ignored, so a slow network never sends the same order or captcha twice.
import { useCallback, useRef } from 'react';
import { LIMITS } from '../config/product.ts';

export function createClickGuard(
  intervalMs: number = LIMITS.doubleClickGuardMs,
  now: () => number = Date.now,
) {
  let last = -Infinity;
  return function accept(): boolean {
    const at = now();
    if (at - last < intervalMs) return false;
    last = at;
    return true;
  };
}

export function useDoubleClickGuard<A extends unknown[]>(
  handler: (...args: A) => void,
  intervalMs?: number,
) {
  const guard = useRef(createClickGuard(intervalMs));
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback((...args: A) => {
    if (guard.current()) latest.current(...args);
  }, []);
}
