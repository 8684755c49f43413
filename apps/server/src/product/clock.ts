// Time as the product API sees it. Injected so tests move time instead of sleeping.
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.UTC(2026, 0, 15, 4, 0, 0)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The next midnight in China Standard Time (UTC+8, no daylight saving): daily limits reset then. */
export function nextChinaMidnight(now: number): number {
  const day = Math.floor((now + CHINA_OFFSET_MS) / 86_400_000);
  return (day + 1) * 86_400_000 - CHINA_OFFSET_MS;
}
