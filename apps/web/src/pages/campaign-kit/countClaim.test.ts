import { describe, expect, it } from 'vitest';
import { countClaim } from './countClaim.ts';

const template = (templateKey: string, claimedByMe: number, perUserLimit: number) => ({
  templateKey,
  claimedByMe,
  perUserLimit,
  state: 'claimable' as const,
});

describe('countClaim', () => {
  it('counts one more of the claimed template, claimed at its per-user limit, others untouched', () => {
    const before = [template('a', 0, 2), template('b', 1, 2)];
    const once = countClaim(before, 'a');
    expect(once).toEqual([{ ...before[0], claimedByMe: 1, state: 'claimable' }, before[1]]);
    expect(once[1]).toBe(before[1]);
    expect(countClaim(once, 'a')[0]).toMatchObject({ claimedByMe: 2, state: 'claimed' });
  });
});
