import { describe, expect, it } from 'vitest';
import { amountProblem, maxDonation, parsePoints, percentRaised } from './donation.ts';

const bounds = { balance: 300, maxPointsPerDonation: 2000, remainingPoints: 120 };

describe('a donation’s bounds', () => {
  it('is the least of the balance, the per-donation maximum and what the project needs', () => {
    expect(maxDonation(bounds)).toBe(120);
    expect(maxDonation({ ...bounds, balance: 0 })).toBe(0);
    expect(maxDonation({ ...bounds, remainingPoints: 5000 })).toBe(300);
  });

  it('reads only whole positive points', () => {
    expect(parsePoints(' 50 ')).toBe(50);
    for (const bad of ['', '0', '-5', '1.5', '1e3', 'abc', '9999999999'])
      expect(parsePoints(bad)).toBeNull();
  });

  it('says why an amount cannot be given', () => {
    expect(amountProblem(null, bounds)).toBe('请输入要捐赠的积分');
    expect(amountProblem(400, bounds)).toBe('积分不足，当前可用300积分');
    expect(amountProblem(200, bounds)).toBe('该项目还需120积分');
    expect(amountProblem(100, bounds)).toBeNull();
  });

  it('shows progress as whole percent, a started project at least 1%', () => {
    expect(percentRaised(0, 100)).toBe(0);
    expect(percentRaised(1, 100000)).toBe(1);
    expect(percentRaised(50, 100)).toBe(50);
    expect(percentRaised(150, 100)).toBe(100);
  });
});
