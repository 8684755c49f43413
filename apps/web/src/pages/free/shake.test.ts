import { describe, expect, it } from 'vitest';
import { shakeDetector } from './shake.ts';

const at = (at: number, x: number, y = 0, z = 9.8) => ({ x, y, z, at });

describe('shake detection', () => {
  it('ignores a phone held still or tilted slowly', () => {
    const detect = shakeDetector(15);
    const readings = [at(0, 0), at(16, 0.5), at(32, 1.2), at(48, 2), at(64, 3.1)];
    expect(readings.map(detect)).toEqual([false, false, false, false, false]);
  });

  it('counts a sharp change as one shake, then stays quiet for a moment', () => {
    const detect = shakeDetector(15, 1000);
    expect(detect(at(0, 0))).toBe(false);
    expect(detect(at(16, 12, 6))).toBe(true);
    expect(detect(at(32, -12, -6))).toBe(false);
    expect(detect(at(500, 12, 6))).toBe(false);
    expect(detect(at(1100, -12, -6))).toBe(true);
  });
});
