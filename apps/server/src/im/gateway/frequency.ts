// Frequency control (code 416): each account may send each command at most `perSecond` times a
// second; past that the command is blocked for `blockSeconds`, and the reply says how long so
// the SDK can fail it locally meanwhile. Counters live in process memory, where the decision is
// made at once; in a cluster they are also added up in Redis (SharedCounts), so an account whose
// devices sit on several processes is held to one budget: the cluster's total of a second, or a
// block another process set, blocks here too from the reply on (one round trip late, never
// waiting for it).
import { systemClock } from '../../clock.ts';

export interface FrequencyLimits {
  perSecond: number;
  blockSeconds: number;
}

/** Counts shared by every process of a cluster (Redis, shared-frequency.ts). */
export interface SharedCounts {
  /** Adds to the key's count of this second; answers the cluster's total and any block's ms left. */
  add(key: string, second: number, weight: number): Promise<{ total: number; blockedMs: number }>;
  /** Blocks the key for every process. */
  block(key: string, ms: number): Promise<void>;
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
    private readonly shared?: SharedCounts,
  ) {}

  /**
   * Counts one use (or `weight` units of a budget, e.g. members a fan-out reaches); returns 0 when
   * allowed, else the seconds the key stays blocked. A weight above the budget passes alone in an
   * otherwise empty second, so one large use is never refused forever. `localOnly` keys (a
   * connection before login) are not shared with the cluster.
   */
  hit(key: string, weight = 1, localOnly = false): number {
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
    if (window.count <= this.limits.perSecond || first) {
      if (this.shared && !localOnly) this.share(key, now, weight);
      return 0;
    }
    window.blockedUntil = now + this.limits.blockSeconds * 1000;
    if (!localOnly) this.shared?.block(key, this.limits.blockSeconds * 1000).catch(() => {});
    return this.limits.blockSeconds;
  }

  /** Adds a use to the cluster's count; what the total says applies from the reply on. */
  private share(key: string, now: number, weight: number): void {
    this.shared!.add(key, Math.floor(now / 1000), weight).then(
      ({ total, blockedMs }) => {
        const blockMs =
          blockedMs > 0
            ? blockedMs
            : total > this.limits.perSecond
              ? this.limits.blockSeconds * 1000
              : 0;
        if (blockMs === 0) return;
        if (blockedMs === 0) this.shared!.block(key, blockMs).catch(() => {});
        const at = this.now();
        const window = this.windows.get(key) ?? { startedAt: at, count: 0, blockedUntil: 0 };
        window.blockedUntil = Math.max(window.blockedUntil, at + blockMs);
        this.windows.set(key, window);
      },
      // Redis unreachable: each process still holds its own share of the limit.
      () => {},
    );
  }

  /** Seconds the key stays blocked, without counting a use (for tests and diagnostics). */
  blockedSeconds(key: string): number {
    const left = (this.windows.get(key)?.blockedUntil ?? 0) - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
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
