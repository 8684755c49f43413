// Frequency control (code 416): each account may send each command at most `perSecond` times a
// second; past that the command is blocked for `blockSeconds`, and the reply says how long so
// the SDK can fail it locally meanwhile. Counters live in process memory: a connection's commands
// are always handled by the process that holds the connection.

export interface FrequencyLimits {
  perSecond: number;
  blockSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
  blockedUntil: number;
}

export class FrequencyControl {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: FrequencyLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one use; returns 0 when allowed, else the seconds the command stays blocked. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || (now - window.startedAt >= 1000 && now >= window.blockedUntil)) {
      window = { startedAt: now, count: 0, blockedUntil: 0 };
      this.windows.set(key, window);
    }
    if (now < window.blockedUntil) return Math.ceil((window.blockedUntil - now) / 1000);
    window.count += 1;
    if (window.count <= this.limits.perSecond) return 0;
    window.blockedUntil = now + this.limits.blockSeconds * 1000;
    return this.limits.blockSeconds;
  }

  /** Forgets every counter of one owner (its keys start with `prefix`). */
  forget(prefix: string): void {
    for (const key of this.windows.keys()) if (key.startsWith(prefix)) this.windows.delete(key);
  }
}
