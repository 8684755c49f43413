import { describe, expect, it } from 'vitest';
import { poolSizeFor, SpritePool, TapLimiter } from './engine.ts';

describe('rain engine', () => {
  it('sizes the pool for the most packets on screen at once', () => {
    const packets = [0, 100, 200, 5000, 5100].map((at) => ({ at, x: 0.5, size: 0 }));
    // Three fall together (and their bursts), two later: three plus the slack.
    expect(poolSizeFor({ fallMs: 1000, packets })).toBe(7);
  });

  it('reuses released slots and only grows when every slot is busy', () => {
    const pool = new SpritePool(2);
    const a = pool.acquire();
    a.packet = 0;
    const b = pool.acquire();
    b.packet = 1;
    pool.release(a);
    expect(pool.acquire()).toBe(a);
    a.packet = 2;
    expect(pool.grown).toBe(0);
    pool.acquire().packet = 3;
    expect(pool.grown).toBe(1);
    expect(pool.slots).toHaveLength(3);
  });

  it('keeps taps within the caps a second and a round, like the server', () => {
    const limiter = new TapLimiter(3, 5);
    expect([0, 100, 200, 300].map((t) => limiter.allow(t))).toEqual([true, true, true, false]);
    expect(limiter.allow(1000)).toBe(true);
    expect(limiter.allow(1100)).toBe(true);
    expect(limiter.allow(3000)).toBe(false);
    expect(limiter.count).toBe(5);
  });
});
