import { describe, expect, it } from 'vitest';
import { barRuns, code128Modules, groupCode } from './codes.ts';

describe('coupon codes', () => {
  it('encodes 16 digits as Code 128 set C between the start and stop codes', () => {
    const modules = code128Modules('1234567890123456');
    expect(modules.startsWith('11010011100')).toBe(true); // start code C
    expect(modules.endsWith('1100011101011')).toBe(true); // stop
    // start + 8 digit pairs + checksum, 11 modules each, then the 13-module stop
    expect(modules).toHaveLength(11 * 10 + 13);
  });

  it('turns modules into bars', () => {
    expect(barRuns('1101100')).toEqual([
      [0, 2],
      [3, 2],
    ]);
  });

  it('groups the digits by four', () => {
    expect(groupCode('1234567890123456')).toBe('1234 5678 9012 3456');
  });
});
