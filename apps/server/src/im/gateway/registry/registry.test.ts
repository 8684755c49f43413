import { describe, expect, it } from 'vitest';
import { orderFor } from './registry.ts';

const gateways = ['http://10.0.0.1:8080', 'http://10.0.0.2:8080', 'http://10.0.0.3:8080'];

describe('orderFor', () => {
  it('gives every account all gateways, in an order that depends on the account only', () => {
    for (const account of ['alice', 'bob', 'carol']) {
      const order = orderFor(account, gateways);
      expect([...order].sort()).toEqual(gateways);
      expect(orderFor(account, [...gateways].reverse())).toEqual(order);
    }
  });

  it('spreads accounts over the gateways', () => {
    const firsts = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const first = orderFor(`user${i}`, gateways)[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    expect(firsts.size).toBe(3);
    for (const count of firsts.values()) expect(count).toBeGreaterThan(60);
  });

  it('moves only the accounts of a gateway that leaves', () => {
    const survivors = gateways.slice(0, 2);
    for (let i = 0; i < 100; i++) {
      const before = orderFor(`user${i}`, gateways)[0]!;
      const after = orderFor(`user${i}`, survivors)[0]!;
      if (survivors.includes(before)) expect(after).toBe(before);
    }
  });
});
