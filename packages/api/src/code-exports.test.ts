// The one-export-per-code module must say what the catalogue says: the web app reads its codes
// through it (decision 0061).
import { describe, expect, it } from 'vitest';
import { CODES } from './codes.ts';
import * as EACH from './code-exports.generated.ts';
import { renderCodeExports } from './code-exports-render.ts';

describe('the code exports', () => {
  it('are the catalogue, code by code (else run npx tsx scripts/api-code-exports.ts)', () => {
    expect({ ...EACH }).toEqual({ ...CODES });
    expect(Object.keys(EACH).sort()).toEqual(Object.keys(CODES).sort());
  });

  it('refuse a code name that cannot be an export', () => {
    expect(() => renderCodeExports({ 'no.dots': { code: 1, message: 'x' } })).toThrow(/no.dots/);
    expect(() => renderCodeExports({ default: { code: 1, message: 'x' } })).toThrow(/default/);
  });
});
