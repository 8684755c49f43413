import { afterEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { bankChannel, countdown, isSettled } from './api.ts';

describe('the bank pages', () => {
  afterEach(() => Cookies.remove('bank_channel'));

  it('take the bank channel from the URL, else from the cookie kept across login', () => {
    expect(bankChannel('')).toBeUndefined();
    expect(bankChannel('?bank_channel=abc')).toBe('abc');
    // Remembered: the cashier and result pages, opened without it, still know it.
    expect(bankChannel('')).toBe('abc');
    expect(bankChannel('?bank_channel=boc')).toBe('boc');
    Cookies.set('bank_channel', '<script>');
    expect(bankChannel('')).toBeUndefined();
  });

  it('count down to the close from the server time', () => {
    expect(countdown(15 * 60_000, 0)).toBe('15:00');
    expect(countdown(61_000, 0)).toBe('01:01');
    expect(countdown(0, 5000)).toBe('00:00');
  });

  it('poll until an order is settled', () => {
    expect(isSettled({ state: 'created' })).toBe(false);
    expect(isSettled({ state: 'paid' })).toBe(false);
    expect(
      ['fulfilled', 'closed', 'refunded'].every((state) => isSettled({ state } as never)),
    ).toBe(true);
  });
});
