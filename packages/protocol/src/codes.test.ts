import { describe, expect, it } from 'vitest';
import { CODES, describeCode, ImError, NAMED_ERRORS, NON_ERROR_CODES } from './codes.ts';

// Every code of spec/messaging.md section 8, copied from the spec's table and lists.
const SPEC_CODES = [201, 302, 403, 404, 405, 408, 414, 415, 416, 417, 422, 500, 501, 503, 508, 509, 7101, 801, 802, 803, 804, 805, 806, 807, 809, 811, 812, 813, 814, 815, 997, 998, 999, 9102, 9103, 11001, 13002, 13003, 13004, 13006, 10404, 10405, 10406, 10407, 10408, 10409, 10410, 10201, 10202, 10419, 10420, 10417];

describe('the code catalogue', () => {
  it('holds every code of the spec', () => {
    for (const code of SPEC_CODES) expect(CODES, String(code)).toHaveProperty(String(code));
  });

  it('treats 200, 406, 808 and 810 as no error', () => {
    expect([...NON_ERROR_CODES].sort()).toEqual([200, 406, 808, 810]);
  });

  it('gives unknown codes the generic message', () => {
    expect(describeCode(12345)).toBe('operation failed');
    expect(describeCode(416)).toBe('frequency control');
  });

  it('has every named error', () => {
    expect(NAMED_ERRORS).toContain('Not_Allow_Multi_Instance');
    expect(NAMED_ERRORS).toHaveLength(19);
    expect(new ImError('Error_Timeout').message).toBe('Error_Timeout');
    expect(new ImError(302).message).toBe('wrong user name or password');
  });
});
