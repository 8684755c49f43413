// The game centre's skill game, "眼疾手快" (tap the snack as it pops up in a 3×3 grid): the
// schedule of a round follows from its seed, so the page draws it and the server recomputes it
// to score the taps the page reports (the server never takes a score from the page).

export interface TapRules {
  /** Snacks in a round. */
  targets: number;
  /** Time between two snacks (ms). */
  intervalMs: number;
  /** How long a snack stays up (ms); a tap after that misses. */
  windowMs: number;
}

export interface TapTarget {
  /** When the snack pops up, ms after the round's start. */
  at: number;
  /** Its cell, 0-8 left to right, top to bottom. */
  cell: number;
}

export interface Tap {
  cell: number;
  /** ms after the round's start. */
  at: number;
}

/** Faster than this after a snack appears is no human reaction: the tap does not count. */
export const MIN_REACTION_MS = 120;
/** A wrong or late tap costs this much (so tapping everywhere does not pay). */
export const MISS_PENALTY = 20;
export const FIRST_TARGET_MS = 1000;

/** mulberry32: a small seeded generator, identical in the page and on the server. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function tapSchedule(seed: number, rules: TapRules): TapTarget[] {
  const next = generator(seed);
  const targets: TapTarget[] = [];
  let previous = -1;
  for (let i = 0; i < rules.targets; i++) {
    // Never the same cell twice in a row (the player should see it move).
    let cell = Math.floor(next() * 8);
    if (cell >= previous && previous >= 0) cell += 1;
    previous = cell;
    // Up to a quarter of the interval earlier or later, so the rhythm cannot be learnt.
    const jitter = Math.floor((next() - 0.5) * (rules.intervalMs / 2));
    targets.push({ at: FIRST_TARGET_MS + i * rules.intervalMs + jitter, cell });
  }
  return targets;
}

export interface TapScore {
  score: number;
  hits: number;
}

/**
 * Scores the taps against the schedule: a tap on a snack's cell while it is up is a hit worth
 * 100 minus a point per 10 ms of reaction (at least 10); any other tap costs MISS_PENALTY.
 */
export function scoreTaps(
  targets: readonly TapTarget[],
  taps: readonly Tap[],
  rules: TapRules,
): TapScore {
  const hitTargets = new Set<number>();
  let score = 0;
  for (const tap of taps) {
    const index = targets.findIndex(
      (t, i) =>
        !hitTargets.has(i) &&
        t.cell === tap.cell &&
        tap.at >= t.at + MIN_REACTION_MS &&
        tap.at <= t.at + rules.windowMs,
    );
    if (index < 0) {
      score -= MISS_PENALTY;
      continue;
    }
    hitTargets.add(index);
    score += Math.max(10, 100 - Math.floor((tap.at - targets[index]!.at) / 10));
  }
  return { score: Math.max(0, score), hits: hitTargets.size };
}

/** When the last snack is gone: a round cannot be over before this. */
export const roundLength = (targets: readonly TapTarget[], rules: TapRules): number =>
  (targets.at(-1)?.at ?? 0) + rules.windowMs;
