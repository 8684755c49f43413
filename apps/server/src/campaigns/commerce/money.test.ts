import { describe, expect, it } from 'vitest';
import { fenOf, yuan } from './money.ts';

describe('money', () => {
  it('shows fen as yuan with 2 decimals', () => {
    expect([0, 1, 10, 100, 10500, 123456].map(yuan)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '1.00',
      '105.00',
      '1234.56',
    ]);
    expect(yuan(-250)).toBe('-2.50');
    expect(() => yuan(1.5)).toThrow();
  });

  it('reads yuan text as fen, refusing anything else', () => {
    expect(['100.00', '0.01', '1.5', '7'].map(fenOf)).toEqual([10000, 1, 150, 700]);
    expect(['-1.00', '1.001', '1e3', '', ' 1.00', '1,00'].map(fenOf)).toEqual(
      Array(6).fill(undefined),
    );
  });
});
