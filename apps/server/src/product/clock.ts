// Time as the product API sees it: the server's one clock (../clock.ts), and China's midnight.
export { ManualClock, systemClock, type Clock } from '../clock.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The next midnight in China Standard Time (UTC+8, no daylight saving): daily limits reset then. */
export function nextChinaMidnight(now: number): number {
  const day = Math.floor((now + CHINA_OFFSET_MS) / 86_400_000);
  return (day + 1) * 86_400_000 - CHINA_OFFSET_MS;
}
