import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_DELAY_MS, reconnectDelay } from './backoff.ts';
import { SerialCounter } from './serial.ts';
import { PendingCalls } from './pending.ts';

describe('serial numbers', () => {
  it('run from 1 to 32767 and wrap to 1, never using 0', () => {
    const serials = new SerialCounter(32766);
    expect([serials.next(), serials.next(), serials.next()]).toEqual([32767, 1, 2]);
    expect(new SerialCounter().next()).toBe(1);
  });
});

describe('reconnect backoff', () => {
  it('starts at 500 ms and doubles up to the cap, with at most 20 % jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelay(n, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 16000,
    ]);
    expect(reconnectDelay(1, () => 0.999)).toBeLessThanOrEqual(600);
    expect(reconnectDelay(10, () => 1)).toBe(MAX_RECONNECT_DELAY_MS * 1.2);
  });
});

describe('pending calls', () => {
  it('matches a reply by serial, service and command id', async () => {
    const pending = new PendingCalls();
    const reply = new Promise((resolve, reject) =>
      pending.add(5, { name: 'x', sid: 6, cid: 23, resolve, reject }, 1000),
    );
    expect(pending.take(5, 6, 22)).toBeUndefined();
    pending.take(5, 6, 23)!.resolve({ ok: 1 });
    await expect(reply).resolves.toEqual({ ok: 1 });
    expect(pending.size).toBe(0);
  });

  it('times a call out with 408 and fails all calls when the link drops', async () => {
    const pending = new PendingCalls();
    const slow = new Promise((resolve, reject) =>
      pending.add(1, { name: 'slow', sid: 1, cid: 1, resolve, reject }, 10),
    );
    await expect(slow).rejects.toMatchObject({ code: 408 });
    const inFlight = new Promise((resolve, reject) =>
      pending.add(2, { name: 'x', sid: 1, cid: 1, resolve, reject }, 1000),
    );
    pending.rejectAll(() => new Error('gone'));
    await expect(inFlight).rejects.toThrow('gone');
  });
});
