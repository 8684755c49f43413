import { describe, expect, it } from 'vitest';
import { addDays, chinaDay, chinaMonth, daysOfMonth } from './time.ts';

describe('Asia/Shanghai days', () => {
  it('turns the date at 16:00 UTC, midnight in China', () => {
    expect(chinaDay(Date.UTC(2026, 0, 15, 15, 59, 59))).toBe('2026-01-15');
    expect(chinaDay(Date.UTC(2026, 0, 15, 16, 0, 0))).toBe('2026-01-16');
    expect(chinaMonth(Date.UTC(2026, 0, 31, 16, 0, 0))).toBe('2026-02');
  });
  it('steps over month and year ends', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
  it('lists the days of a month', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2024-02').at(-1)).toBe('2024-02-29');
  });
});
