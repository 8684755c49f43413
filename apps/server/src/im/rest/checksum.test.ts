import { describe, expect, it } from 'vitest';
import { checkSumMatches, computeCheckSum } from './checksum.ts';

describe('CheckSum', () => {
  // Reference value from `printf '%s' "b4a195302963abc1231443592222" | sha1sum`.
  const expected = '03d571d7fb33b1e1d1c1b2229c5a6b3218dee4f5';

  it('is sha1(AppSecret + Nonce + CurTime) in lower-case hex', () => {
    expect(computeCheckSum('b4a195302963', 'abc123', '1443592222')).toBe(expected);
  });

  it('matches the right digest in either case and nothing else', () => {
    expect(checkSumMatches(expected, 'b4a195302963', 'abc123', '1443592222')).toBe(true);
    expect(checkSumMatches(expected.toUpperCase(), 'b4a195302963', 'abc123', '1443592222')).toBe(
      true,
    );
    expect(checkSumMatches(expected, 'b4a195302963', 'abc123', '1443592223')).toBe(false);
    expect(checkSumMatches(expected.slice(0, 39), 'b4a195302963', 'abc123', '1443592222')).toBe(
      false,
    );
    expect(checkSumMatches('', 'b4a195302963', 'abc123', '1443592222')).toBe(false);
  });
});
