// Who hears a spatial message: within the listener's distance of the point it came from, or
// everyone that stands nowhere or set no distance; a message from nowhere reaches everyone.
import { describe, expect, it } from 'vitest';
import { hears } from './space.ts';

describe('spatial messages', () => {
  const origin = { x: 0, y: 0, z: 0 };
  it('reaches listeners within their distance, the edge included', () => {
    expect(hears({ location: origin, distance: 5 }, { x: 3, y: 4, z: 0 })).toBe(true);
    expect(hears({ location: origin, distance: 4.9 }, { x: 3, y: 4, z: 0 })).toBe(false);
    expect(hears({ location: origin, distance: 1 }, { x: 0, y: 0, z: 1.5 })).toBe(false);
  });
  it('reaches everyone from nowhere, and listeners that have not opted in', () => {
    expect(hears({ location: origin, distance: 0 }, undefined)).toBe(true);
    expect(hears({}, { x: 1e9, y: 0, z: 0 })).toBe(true);
    expect(hears({ location: origin }, { x: 1e9, y: 0, z: 0 })).toBe(true);
    expect(hears({ distance: 1 }, { x: 1e9, y: 0, z: 0 })).toBe(true);
  });
});
