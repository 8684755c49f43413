import { RECONNECT } from '@morsel/protocol';

/** The longest wait between two reconnection attempts. */
export const MAX_RECONNECT_DELAY_MS = 16_000;

/**
 * Delay before reconnection attempt `attempt` (1-based): 500 ms doubling up to the cap, plus up
 * to 20 % random jitter so that thousands of clients dropped at once do not return at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(
    RECONNECT.initialDelayMs * RECONNECT.backoffFactor ** (attempt - 1),
    MAX_RECONNECT_DELAY_MS,
  );
  return Math.round(base * (1 + 0.2 * random()));
}
