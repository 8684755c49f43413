// Where the raffle's animation goes. The server decides the prize; the page only animates to
// the slot it answered: on the nine-grid a light runs clockwise round the eight outer cells
// (slot 0 top-left), on the wheel the disc turns until the slot's sector is under the pointer.

/** The outer ring of the nine-grid, clockwise from the top-left: [row, column] of each slot. */
export const GRID_RING: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, 1],
  [0, 2],
  [1, 2],
  [2, 2],
  [2, 1],
  [2, 0],
  [1, 0],
];

/** The slot shown in a grid cell, or -1 for the centre (the draw button). */
export function slotAt(row: number, column: number): number {
  return GRID_RING.findIndex(([r, c]) => r === row && c === column);
}

/** Steps of the light from `from` to land on `to` after `rounds` full laps. */
export function gridSteps(
  from: number,
  to: number,
  rounds: number,
  count = GRID_RING.length,
): number {
  return rounds * count + ((((to - from) % count) + count) % count);
}

/** Delay before step `index` of `total`: fast in the middle, slowing down into the prize. */
export function stepDelay(index: number, total: number, fastest = 50, slowest = 320): number {
  const remaining = total - index;
  if (remaining <= 8) return fastest + ((slowest - fastest) * (8 - remaining + 1)) / 8;
  if (index < 4) return slowest - ((slowest - fastest) * index) / 4;
  return fastest;
}

/**
 * The wheel's next rotation (degrees, clockwise, growing): sector i spans
 * [i * 360/n, (i + 1) * 360/n) clockwise from the top, so its centre comes under the pointer at
 * the top when the disc is turned by -(i + 0.5) * 360/n (mod 360); `turns` full turns are added
 * so the disc always spins forward from where it stands.
 */
export function wheelRotation(current: number, slot: number, count: number, turns = 6): number {
  const sector = 360 / count;
  const target = (((-(slot + 0.5) * sector) % 360) + 360) % 360;
  const base = current - (((current % 360) + 360) % 360);
  let next = base + target + turns * 360;
  if (next - current < turns * 360) next += 360;
  return next;
}

/** The slot under the pointer for a rotation (the inverse of wheelRotation, for checking). */
export function slotUnderPointer(rotation: number, count: number): number {
  const sector = 360 / count;
  const turned = ((-rotation % 360) + 360) % 360;
  return Math.floor(turned / sector) % count;
}
