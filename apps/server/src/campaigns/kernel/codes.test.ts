import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_CODES } from './codes.ts';
import { CODES } from '../../product/index.ts';

describe('the campaign error catalogue', () => {
  it('has one code per entry, none clashing with the product API but the shared 10001', () => {
    const codes = Object.values(CAMPAIGN_CODES).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    const product = new Set<number>(Object.values(CODES).map((c) => c.code));
    for (const { code } of Object.values(CAMPAIGN_CODES)) {
      if (code === CODES.badParameter.code) continue;
      expect(product.has(code)).toBe(false);
    }
  });

  it('is the table in docs/campaigns.md', () => {
    const doc = fs.readFileSync(
      new URL('../../../../../docs/campaigns.md', import.meta.url),
      'utf8',
    );
    const rows = [...doc.matchAll(/^\| (-?\d+) +\| ([^|]+?) +\|/gm)].map((m) => ({
      code: Number(m[1]),
      message: m[2]!.trim(),
    }));
    expect(rows).toEqual(
      Object.values(CAMPAIGN_CODES)
        .map(({ code, message }) => ({ code, message }))
        .sort((a, b) => a.code - b.code),
    );
  });
});
