// Failed-login backoff (security review M1): failures are counted per account and per client
// address; past the free allowance each further failure blocks that key for twice as long as the
// one before (1 s, 2 s, 4 s, … up to maxBlockSeconds), and a blocked key is refused with 416
// before the token is even looked up. A success clears the account's count, never the address's
// (or one valid account would launder an address's guesses). Counters live in process memory, as
// frequency control does; a key quiet for maxBlockSeconds is forgotten.
import { systemClock } from '../../clock.ts';

export interface LoginThrottleLimits {
  /** Failures per account before the backoff starts. */
  accountFailures: number;
  /** Failures per client address before the backoff starts (addresses are shared behind NAT). */
  addressFailures: number;
  /** The longest block, in seconds. */
  maxBlockSeconds: number;
}

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

/** Keys held at most; past it the oldest are dropped (a flood of addresses costs bounded memory). */
const MAX_KEYS = 100_000;
const SWEEP_MS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();
  private lastSweep = 0;

  constructor(
    private readonly limits: LoginThrottleLimits,
    // Real elapsed time, not the app's clock: a test's clock that stands still must not lock a
    // client out, nor one moved a day ahead let a flood through.
    private readonly now: () => number = systemClock.now,
  ) {}

  /** Seconds the login stays refused for this account or address, or 0. */
  blockedFor(account: string, address: string): number {
    const now = this.now();
    const until = Math.max(
      this.get(accountKey(account))?.blockedUntil ?? 0,
      this.get(addressKey(address))?.blockedUntil ?? 0,
    );
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  failed(account: string, address: string): void {
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_MS) this.sweep(now);
    this.count(accountKey(account), this.limits.accountFailures, now);
    this.count(addressKey(address), this.limits.addressFailures, now);
  }

  succeeded(account: string): void {
    this.failures.delete(accountKey(account));
  }

  private get(key: string): Failures | undefined {
    return this.failures.get(key);
  }

  private count(key: string, free: number, now: number): void {
    let entry = this.failures.get(key);
    if (!entry || now - entry.lastAt >= this.limits.maxBlockSeconds * 1000) {
      entry = { count: 0, lastAt: now, blockedUntil: 0 };
    }
    this.failures.delete(key); // re-inserted: the map keeps the most recently failed last
    entry.count += 1;
    entry.lastAt = now;
    const over = entry.count - free;
    if (over > 0) {
      const seconds = Math.min(2 ** Math.min(over - 1, 30), this.limits.maxBlockSeconds);
      entry.blockedUntil = now + seconds * 1000;
    }
    this.failures.set(key, entry);
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, entry] of this.failures) {
      if (now - entry.lastAt >= this.limits.maxBlockSeconds * 1000 && now >= entry.blockedUntil)
        this.failures.delete(key);
    }
  }
}

/** The account a login names, as the throttle counts it (one app's account, case-insensitive). */
export const loginThrottleKey = (appKey: string, account: string) =>
  `${appKey}\u0000${account.toLowerCase()}`;

const accountKey = (account: string) => `a:${account}`;
const addressKey = (address: string) => `ip:${address}`;
