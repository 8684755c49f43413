// How a packet's points are split into shares when it is opened: the "double the mean" draw that
// WeChat-style lucky packets use (each share random in [1, 2 × mean of what is left)), so every
// share has at least 1 point and the shares always sum to exactly the total.
import { randomInt } from 'node:crypto';

export function splitPoints(
  total: number,
  shares: number,
  random: (maxExclusive: number) => number = randomInt,
): number[] {
  if (!Number.isInteger(total) || !Number.isInteger(shares) || shares < 1 || total < shares)
    throw new Error(`cannot split ${total} points into ${shares} shares of at least 1`);
  const split: number[] = [];
  let left = total;
  for (let remaining = shares; remaining > 1; remaining--) {
    // At least 1 now, and at least 1 left for each share after this one.
    const max = Math.min(Math.floor((2 * left) / remaining), left - (remaining - 1));
    const share = max <= 1 ? 1 : 1 + random(max);
    const bounded = Math.min(share, max);
    split.push(bounded);
    left -= bounded;
  }
  split.push(left);
  return split;
}
