import { describe, expect, it } from 'vitest';
import {
  calendarGrid,
  daysToGo,
  monthLabel,
  shiftMonth,
  weekdayOf,
  type CalendarDay,
} from './calendar.ts';

function month(prefix: string, count: number): CalendarDay[] {
  return Array.from({ length: count }, (_, i) => ({
    date: `${prefix}-${String(i + 1).padStart(2, '0')}`,
    signed: false,
    isToday: false,
  }));
}

describe('sign-in calendar grid', () => {
  it('computes weekdays from the date string', () => {
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(weekdayOf('2026-01-01')).toBe(4); // a Thursday
    expect(weekdayOf('2024-02-29')).toBe(4);
  });

  it('pads before the first day and after the last day to whole weeks from Sunday', () => {
    const weeks = calendarGrid(month('2026-01', 31));
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(weeks[0]![4]!.date).toBe('2026-01-01');
    expect(weeks[4]![6]!.date).toBe('2026-01-31');
  });

  it('needs no padding for a February that starts on Sunday and has 28 days', () => {
    const weeks = calendarGrid(month('2026-02', 28));
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every(Boolean)).toBe(true);
  });

  it('takes six rows when the month spills over', () => {
    const weeks = calendarGrid(month('2026-08', 31)); // 1 August 2026 is a Saturday
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![6]!.date).toBe('2026-08-01');
    expect(weeks[5]![1]!.date).toBe('2026-08-31');
    expect(weeks[5]!.slice(2)).toEqual([null, null, null, null, null]);
  });

  it('is empty without days', () => {
    expect(calendarGrid([])).toEqual([]);
  });
});

describe('months', () => {
  it('shifts across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
  });
  it('labels months in Chinese', () => {
    expect(monthLabel('2026-03')).toBe('2026年3月');
  });
  it('counts the days to a milestone', () => {
    expect(daysToGo(1, 3)).toBe(2);
    expect(daysToGo(5, 3)).toBe(0);
  });
});
