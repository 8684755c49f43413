import { describe, expect, it } from 'vitest';
import { LOCAL_DB } from '@morsel/protocol';
import { TaskQueue } from './task-queue.ts';

/** A promise settled from outside, so a test decides when each task ends. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the task queue', () => {
  it(`never runs more than ${LOCAL_DB.taskQueueConcurrency} tasks at once, and starts them in order`, async () => {
    const queue = new TaskQueue(LOCAL_DB.taskQueueConcurrency);
    const gates = Array.from({ length: 250 }, gate);
    const started: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const results = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await g.promise;
        inFlight--;
        return i;
      }),
    );
    await settle();
    expect(started).toHaveLength(100);
    expect(queue.active).toBe(100);
    expect(queue.pending).toBe(150);

    // Ending ten tasks lets exactly ten more start.
    for (const g of gates.slice(0, 10)) g.open();
    await settle();
    expect(started).toHaveLength(110);
    expect(inFlight).toBe(100);

    // Ending them out of order still keeps the limit.
    for (const g of [...gates].reverse()) g.open();
    expect(await Promise.all(results)).toEqual(gates.map((_, i) => i));
    expect(mostInFlight).toBe(100);
    expect(started).toEqual(gates.map((_, i) => i));
    expect(queue.active).toBe(0);
    expect(queue.pending).toBe(0);
  });

  it('passes a failure to its caller and goes on with the rest', async () => {
    const queue = new TaskQueue(1);
    const first = gate();
    const failing = queue.run(() => first.promise);
    const thrown = queue.run(() => {
      throw new Error('sync throw');
    });
    const after = queue.run(async () => 'after');
    first.fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync throw');
    await expect(after).resolves.toBe('after');
  });

  it('tells when it is idle', async () => {
    const queue = new TaskQueue(2);
    await queue.onIdle();
    const gates = [gate(), gate(), gate()];
    for (const g of gates) void queue.run(() => g.promise);
    let idle = false;
    const waiting = queue.onIdle().then(() => (idle = true));
    gates[0]!.open();
    gates[1]!.open();
    await settle();
    expect(idle).toBe(false); // the third started and still runs
    gates[2]!.open();
    await waiting;
    expect(idle).toBe(true);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new TaskQueue(0)).toThrow(RangeError);
    expect(() => new TaskQueue(1.5)).toThrow(RangeError);
  });
});
