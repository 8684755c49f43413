// Frequency control (code 416): each account may send each command at most `perSecond` times a
// second; past that the command is blocked for `blockSeconds`, and the reply says how long so
// the SDK can fail it locally meanwhile. Counters live in process memory: a connection's commands
// are always handled by the process that holds the connection.
import { systemClock } from '../../clock.ts';

export interface FrequencyLimits {
  perSecond: number;
  blockSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
  blockedUntil: number;
}

/** How often windows that ended (and block nothing) are dropped, so idle accounts cost nothing. */
const SWEEP_MS = 1000;

export class FrequencyControl {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    private readonly limits: FrequencyLimits,
    // Real elapsed time, not the app's clock: a test's clock that stands still must not lock a
    // client out, nor one moved a day ahead let a flood through.
    private readonly now: () => number = systemClock.now,
  ) {}

  /**
   * Counts one use (or `weight` units of a budget, e.g. members a fan-out reaches); returns 0 when
   * allowed, else the seconds the key stays blocked. A weight above the budget passes alone in an
   * otherwise empty second, so one large use is never refused forever.
   */
  hit(key: string, weight = 1): number {
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_MS) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || (now - window.startedAt >= 1000 && now >= window.blockedUntil)) {
      window = { startedAt: now, count: 0, blockedUntil: 0 };
      this.windows.set(key, window);
    }
    if (now < window.blockedUntil) return Math.ceil((window.blockedUntil - now) / 1000);
    const first = window.count === 0;
    window.count += weight;
    if (window.count <= this.limits.perSecond || first) return 0;
    window.blockedUntil = now + this.limits.blockSeconds * 1000;
    return this.limits.blockSeconds;
  }

  /** Counters held (for tests and diagnostics). */
  get size(): number {
    return this.windows.size;
  }

  /** Drops every window whose second is over and that blocks nothing: it would be reset anyway. */
  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= 1000 && now >= window.blockedUntil) this.windows.delete(key);
    }
  }
}
