// The server's one clock: the product API, the campaigns and every IM feature read time from the
// Clock the app is built with (ServerServices.clock), so tests move time by setting it instead of
// stubbing Date.now or sleeping. Only this module reads the system time.
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.UTC(2026, 0, 15, 4, 0, 0)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
