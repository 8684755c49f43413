import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

describe('LoginThrottle', () => {
  const limits = { accountFailures: 2, addressFailures: 4, maxBlockSeconds: 8 };

  it('blocks an account past its free failures, doubling up to the maximum, and forgets it later', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    throttle.failed('acc', 'ip1');
    throttle.failed('acc', 'ip2');
    expect(throttle.blockedFor('acc', 'ip3')).toBe(0);
    const blocks: number[] = [];
    for (let i = 0; i < 5; i++) {
      throttle.failed('acc', `ip${10 + i}`);
      blocks.push(throttle.blockedFor('acc', 'elsewhere'));
    }
    expect(blocks).toEqual([1, 2, 4, 8, 8]);
    now += 8_000;
    expect(throttle.blockedFor('acc', 'elsewhere')).toBe(0);
    // Quiet for maxBlockSeconds: the count starts again from zero.
    now += 8_000;
    throttle.failed('acc', 'ip1');
    expect(throttle.blockedFor('acc', 'elsewhere')).toBe(0);
  });

  it('blocks an address across accounts; a success clears the account, never the address', () => {
    const now = 5_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 5; i++) throttle.failed(`acc${i}`, 'ip');
    expect(throttle.blockedFor('fresh', 'ip')).toBe(1);
    expect(throttle.blockedFor('fresh', 'other-ip')).toBe(0);
    throttle.failed('mine', 'a');
    throttle.failed('mine', 'b');
    throttle.failed('mine', 'c');
    expect(throttle.blockedFor('mine', 'd')).toBe(1);
    throttle.succeeded('mine');
    expect(throttle.blockedFor('mine', 'd')).toBe(0);
    throttle.succeeded('acc0');
    expect(throttle.blockedFor('acc0', 'ip')).toBe(1);
  });
});
