import { describe, expect, it } from 'vitest';
import { pickWeighted } from './prizes.ts';

describe('pickWeighted', () => {
  const prizes = [
    { key: 'a', weight: 1 },
    { key: 'none', weight: 0 },
    { key: 'b', weight: 3 },
  ];
  it('maps every ticket to the prize whose weight covers it', () => {
    const picked = [0, 1, 2, 3].map((ticket) => pickWeighted(prizes, () => ticket)?.key);
    expect(picked).toEqual(['a', 'b', 'b', 'b']);
  });
  it('never picks a prize of weight 0 and answers undefined when nothing can be drawn', () => {
    expect(pickWeighted([{ weight: 0 }])).toBeUndefined();
    for (let i = 0; i < 200; i++) expect(pickWeighted(prizes)?.key).not.toBe('none');
  });
});
