import { describe, expect, it } from 'vitest';
import {
  GRID_RING,
  gridSteps,
  slotAt,
  slotUnderPointer,
  stepDelay,
  wheelRotation,
} from './spin.ts';

describe('nine-grid', () => {
  it('numbers the outer cells clockwise from the top-left, the centre is the button', () => {
    expect(slotAt(0, 0)).toBe(0);
    expect(slotAt(0, 2)).toBe(2);
    expect(slotAt(1, 2)).toBe(3);
    expect(slotAt(2, 2)).toBe(4);
    expect(slotAt(2, 0)).toBe(6);
    expect(slotAt(1, 0)).toBe(7);
    expect(slotAt(1, 1)).toBe(-1);
    expect(new Set(GRID_RING.map(([r, c]) => `${r}${c}`)).size).toBe(8);
  });

  it('runs whole laps and lands on the answered slot', () => {
    for (let from = 0; from < 8; from++) {
      for (let to = 0; to < 8; to++) {
        const steps = gridSteps(from, to, 3);
        expect((from + steps) % 8).toBe(to);
        expect(steps).toBeGreaterThanOrEqual(24);
        expect(steps).toBeLessThan(32);
      }
    }
  });

  it('slows down into the prize', () => {
    const total = 30;
    expect(stepDelay(10, total)).toBeLessThan(stepDelay(total - 1, total));
    expect(stepDelay(total - 1, total)).toBeGreaterThan(stepDelay(total - 5, total));
    expect(stepDelay(0, total)).toBeGreaterThan(stepDelay(10, total));
  });
});

describe('wheel', () => {
  it('brings every slot under the pointer, spinning forward by at least the turns asked', () => {
    for (const count of [6, 8, 10]) {
      let rotation = 0;
      for (const slot of [0, 3, count - 1, 1, 1, 0]) {
        const next = wheelRotation(rotation, slot, count, 5);
        expect(next - rotation).toBeGreaterThanOrEqual(5 * 360);
        expect(next - rotation).toBeLessThan(7 * 360);
        expect(slotUnderPointer(next, count)).toBe(slot);
        rotation = next;
      }
    }
  });

  it('centres the sector under the pointer', () => {
    // 8 sectors of 45 degrees: slot 0 spans 0-45 clockwise from the top, its centre is 22.5.
    expect(wheelRotation(0, 0, 8, 1) % 360).toBeCloseTo(337.5);
    expect(wheelRotation(0, 2, 8, 1) % 360).toBeCloseTo(247.5);
  });
});
