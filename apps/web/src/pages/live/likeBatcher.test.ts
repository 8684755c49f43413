import { describe, expect, it } from 'vitest';
import { LikeBatcher, LIKES_PER_CALL } from './likeBatcher.ts';

/** A batcher whose timer the test runs by hand. */
function setUp() {
  const sent: number[] = [];
  const timers: (() => void)[] = [];
  const batcher = new LikeBatcher(
    async (count) => {
      sent.push(count);
    },
    (run) => {
      timers.push(run);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
  );
  const fire = async () => {
    const run = timers.shift();
    run?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { batcher, sent, timers, fire };
}

describe('the like batcher', () => {
  it('sends many taps as one call after the interval', async () => {
    const { batcher, sent, timers, fire } = setUp();
    for (let i = 0; i < 7; i++) batcher.tap();
    expect(timers).toHaveLength(1);
    expect(sent).toEqual([]);
    await fire();
    expect(sent).toEqual([7]);
    expect(batcher.waiting).toBe(0);
  });

  it('keeps a call within the route’s limit and sends the rest next time', async () => {
    const { batcher, sent, fire } = setUp();
    for (let i = 0; i < LIKES_PER_CALL + 12; i++) batcher.tap();
    await fire();
    expect(sent).toEqual([LIKES_PER_CALL]);
    await fire();
    expect(sent).toEqual([LIKES_PER_CALL, 12]);
  });

  it('sends nothing without taps', async () => {
    const { batcher, sent } = setUp();
    await batcher.flush();
    expect(sent).toEqual([]);
  });
});
