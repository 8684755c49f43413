import { describe, expect, it } from 'vitest';
import { amountInput, fenFromYuan, price } from '../campaign-kit/format.ts';
import { previewOnlineUse } from './onlineUse.ts';

describe('prices and amounts', () => {
  it('shows every price with 2 decimals', () => {
    expect(price(1000)).toBe('¥10.00');
    expect(price(1250)).toBe('¥12.50');
    expect(price(5)).toBe('¥0.05');
    expect(price(0)).toBe('¥0.00');
    expect(price(12_345_678)).toBe('¥123456.78');
  });

  it('keeps only an amount of what is typed', () => {
    expect(amountInput('12')).toBe('12');
    expect(amountInput('012')).toBe('12');
    expect(amountInput('1.234')).toBe('1.23');
    expect(amountInput('1.2.3')).toBe('1.23');
    expect(amountInput('1a2b')).toBe('12');
    expect(amountInput('-5')).toBe('5');
    expect(amountInput('.5')).toBe('0.5');
    expect(amountInput('1e3')).toBe('13');
    expect(amountInput('123456789')).toBe('12345678');
    expect(amountInput('')).toBe('');
  });

  it('reads fen from a typed amount', () => {
    expect(fenFromYuan('39.9')).toBe(3990);
    expect(fenFromYuan('39.')).toBe(3900);
    expect(fenFromYuan('0.05')).toBe(5);
    expect(fenFromYuan('abc')).toBeNaN();
  });
});

describe('the online use preview', () => {
  const coupon = { value: 1000, threshold: 9900 };

  it('says how much is missing below the threshold', () => {
    expect(previewOnlineUse(coupon, '50')).toEqual({ kind: 'below', order: 5000, shortfall: 4900 });
  });

  it('previews the discount and what is left to pay', () => {
    expect(previewOnlineUse(coupon, '120')).toEqual({
      kind: 'ok',
      order: 12_000,
      discount: 1000,
      payable: 11_000,
    });
    expect(previewOnlineUse(coupon, '99')).toMatchObject({ kind: 'ok', payable: 8900 });
  });

  it('never discounts more than the order of a coupon without threshold', () => {
    expect(previewOnlineUse({ value: 1000, threshold: 0 }, '6.5')).toEqual({
      kind: 'ok',
      order: 650,
      discount: 650,
      payable: 0,
    });
  });

  it('tells empty from invalid', () => {
    expect(previewOnlineUse(coupon, '')).toEqual({ kind: 'empty' });
    expect(previewOnlineUse(coupon, '0')).toEqual({ kind: 'invalid' });
    expect(previewOnlineUse(coupon, '2000000')).toEqual({ kind: 'invalid' });
  });
});
