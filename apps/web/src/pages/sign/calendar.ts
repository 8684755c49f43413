// The month grid of the sign-in calendar: weeks of seven cells from Sunday, blanks before the
// first and after the last day. Dates are the server's YYYY-MM-DD strings (China's calendar),
// so the weekday is computed in UTC from the string, never from the phone's time zone.

export interface CalendarDay {
  date: string;
  signed: boolean;
  isToday: boolean;
}

export type CalendarCell = CalendarDay | null;

export const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function calendarGrid(days: CalendarDay[]): CalendarCell[][] {
  if (days.length === 0) return [];
  const cells: CalendarCell[] = [...Array<null>(weekdayOf(days[0]!.date)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** '2026-01' shifted by whole months: shiftMonth('2026-01', -1) = '2025-12'. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** '2026-01' -> '2026年1月' */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${y}年${m}月`;
}

/** Days still to sign before a milestone, 0 when reached. */
export function daysToGo(streak: number, milestone: number): number {
  return Math.max(0, milestone - streak);
}
