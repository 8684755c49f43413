import { describe, expect, it } from 'vitest';
import { splitPoints } from './split.ts';

describe('splitPoints', () => {
  it('always sums to the total with at least 1 point a share', () => {
    for (const [total, shares] of [
      [2, 2],
      [5, 5],
      [100, 6],
      [888, 9],
      [3, 2],
    ] as const) {
      for (let i = 0; i < 200; i++) {
        const split = splitPoints(total, shares);
        expect(split).toHaveLength(shares);
        expect(split.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.min(...split)).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('takes the largest share the draw allows when the dice say so', () => {
    // 100 over 4: at most 2 × 25 = 50, then 2 × 50 / 3 = 33, then 17 - 1 = 16 (1 must stay).
    expect(splitPoints(100, 4, (max) => max - 1)).toEqual([50, 33, 16, 1]);
    expect(splitPoints(100, 4, () => 0)).toEqual([1, 1, 1, 97]);
  });

  it('refuses a total below one point a share', () => {
    expect(() => splitPoints(3, 4)).toThrow();
  });
});
