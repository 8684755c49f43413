import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODES } from './codes.ts';

describe('the error catalogue', () => {
  it('has one code per entry', () => {
    const codes = Object.values(CODES).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is the table in docs/product-api.md', () => {
    const doc = fs.readFileSync(
      new URL('../../../../docs/product-api.md', import.meta.url),
      'utf8',
    );
    const rows = [...doc.matchAll(/^\| (-?\d+) +\| ([^|]+?) +\|/gm)].map((m) => ({
      code: Number(m[1]),
      message: m[2]!.trim(),
    }));
    const documented = rows.filter((row) => row.code !== 0);
    expect(documented).toEqual(
      Object.values(CODES)
        .map(({ code, message }) => ({ code, message }))
        .sort((a, b) => a.code - b.code),
    );
  });
});
