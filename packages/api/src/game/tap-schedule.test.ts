import { describe, expect, it } from 'vitest';
import {
  MISS_PENALTY,
  roundLength,
  scoreTaps,
  tapSchedule,
  type TapRules,
} from './tap-schedule.ts';

const RULES: TapRules = { targets: 12, intervalMs: 1100, windowMs: 1000 };

describe('the tap game', () => {
  it('derives the same schedule from a seed, never the same cell twice in a row', () => {
    const a = tapSchedule(123456, RULES);
    expect(tapSchedule(123456, RULES)).toEqual(a);
    expect(tapSchedule(654321, RULES)).not.toEqual(a);
    expect(a).toHaveLength(12);
    for (let i = 1; i < a.length; i++) {
      expect(a[i]!.cell).not.toBe(a[i - 1]!.cell);
      expect(a[i]!.at).toBeGreaterThan(a[i - 1]!.at);
    }
    for (const t of a) expect(t.cell).toBeGreaterThanOrEqual(0);
    for (const t of a) expect(t.cell).toBeLessThanOrEqual(8);
    expect(roundLength(a, RULES)).toBe(a.at(-1)!.at + 1000);
  });

  it('scores a hit by reaction time, and costs a wrong, early, late or repeated tap', () => {
    const targets = tapSchedule(42, RULES);
    const first = targets[0]!;
    const hit = (after: number) => [{ cell: first.cell, at: first.at + after }];
    expect(scoreTaps(targets, hit(200), RULES)).toEqual({ score: 80, hits: 1 });
    expect(scoreTaps(targets, hit(900), RULES)).toEqual({ score: 10, hits: 1 });
    // Faster than a human, or after the snack is gone: no hit.
    expect(scoreTaps(targets, hit(50), RULES)).toEqual({ score: 0, hits: 0 });
    expect(scoreTaps(targets, hit(1001), RULES)).toEqual({ score: 0, hits: 0 });
    // The same snack twice pays once; the second tap is a miss.
    expect(scoreTaps(targets, [...hit(200), ...hit(300)], RULES)).toEqual({
      score: 80 - MISS_PENALTY,
      hits: 1,
    });
    // Tapping every cell at every moment does not pay.
    const spam = targets.flatMap((t) =>
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((cell) => ({ cell, at: t.at + 200 })),
    );
    expect(scoreTaps(targets, spam, RULES).score).toBe(0);
  });
});
