// Taps on the heart, gathered on the phone and sent at most once a second (docs/live-pages.md):
// the server counts them and tells the room the total, so a viewer tapping fast costs one call a
// second, never one per tap. A call carries at most 50 taps (the route's limit); what is left
// waits for the next one.
export const LIKE_FLUSH_MS = 1000;
export const LIKES_PER_CALL = 50;

export class LikeBatcher {
  private pending = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;

  constructor(
    private readonly send: (count: number) => Promise<void>,
    private readonly schedule: (run: () => void, ms: number) => ReturnType<typeof setTimeout> = (
      run,
      ms,
    ) => setTimeout(run, ms),
  ) {}

  /** One tap; sent with the next batch. */
  tap(): void {
    this.pending += 1;
    this.timer ??= this.schedule(() => void this.flush(), LIKE_FLUSH_MS);
  }

  /** Taps not sent yet. */
  get waiting(): number {
    return this.pending;
  }

  async flush(): Promise<void> {
    this.timer = undefined;
    if (this.sending || this.pending === 0) return;
    const count = Math.min(this.pending, LIKES_PER_CALL);
    this.pending -= count;
    this.sending = true;
    try {
      await this.send(count);
    } catch {
      // A refused or lost call: those taps are gone (likes are a gesture, not a ledger).
    } finally {
      this.sending = false;
      if (this.pending > 0) this.timer ??= this.schedule(() => void this.flush(), LIKE_FLUSH_MS);
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
