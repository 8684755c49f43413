import { describe, expect, it } from 'vitest';
import { percentOf, ranked } from './results.ts';

describe('vote results', () => {
  it('shares whole percents, and nothing before the first vote', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
  });

  it('ranks by votes, ties sharing a place in configured order', () => {
    const result = ranked([
      { key: 'a', votes: 2 },
      { key: 'b', votes: 5 },
      { key: 'c', votes: 2 },
      { key: 'd', votes: 0 },
    ]);
    expect(result.map((o) => [o.key, o.place])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });
});
