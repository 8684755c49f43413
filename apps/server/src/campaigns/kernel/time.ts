// Calendar days as shoppers live them: Asia/Shanghai (UTC+8, no daylight saving). Daily limits,
// sign-ins and streaks all use the server's clock through these helpers, never the client's.

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of `now` in Asia/Shanghai. */
export function chinaDay(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** YYYY-MM of `now` in Asia/Shanghai. */
export function chinaMonth(now: number): string {
  return chinaDay(now).slice(0, 7);
}

/** Every YYYY-MM-DD of a YYYY-MM month. */
export function daysOfMonth(month: string): string[] {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** YYYY-MM-DD HH:mm:ss of `now` in Asia/Shanghai, as operators read times in exports. */
export function chinaDateTime(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
