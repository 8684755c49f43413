import { describe, expect, it } from 'vitest';
import { FrequencyControl } from './frequency.ts';

describe('frequency control', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('allows perSecond uses a second, then blocks for blockSeconds', () => {
    const time = clock();
    const control = new FrequencyControl({ perSecond: 2, blockSeconds: 5 }, time.now);
    expect(control.hit('a:send')).toBe(0);
    expect(control.hit('a:send')).toBe(0);
    expect(control.hit('a:send')).toBe(5);
    expect(control.hit('b:send')).toBe(0); // another account is not blocked
    time.advance(2500);
    expect(control.hit('a:send')).toBe(3); // still blocked, 2.5 s left rounded up
    time.advance(2500);
    expect(control.hit('a:send')).toBe(0);
  });

  it('forgets windows that ended, but keeps a block until it ends', () => {
    const time = clock();
    const control = new FrequencyControl({ perSecond: 1, blockSeconds: 10 }, time.now);
    for (let i = 0; i < 100; i++) control.hit(`idle${i}:login`);
    control.hit('busy:send');
    expect(control.hit('busy:send')).toBe(10);
    expect(control.size).toBe(101);
    time.advance(1500);
    control.hit('other:login');
    // The idle accounts' windows are gone; the block and the new window stay.
    expect(control.size).toBe(2);
    expect(control.hit('busy:send')).toBe(9);
  });
});
