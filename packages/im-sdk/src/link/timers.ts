// The timers of one link, shared by the IM link and the chatroom link: one-shot timers (connect
// time-outs, watchdogs, reconnect delays) and the heartbeat interval, all cleared together when
// the link stops, so a stopped link never wakes up again.
type Timeout = ReturnType<typeof setTimeout>;

export class LinkTimers {
  private readonly pending = new Set<Timeout>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  /** Runs `run` after `ms` unless cancelled or cleared first. */
  later(ms: number, run: () => void): Timeout {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run();
    }, ms);
    this.pending.add(timer);
    return timer;
  }

  cancel(timer: Timeout): void {
    clearTimeout(timer);
    this.pending.delete(timer);
  }

  /** Replaces the heartbeat: `beat` every `ms` (never keeping a Node process alive). */
  startHeartbeat(ms: number, beat: () => void): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(beat, ms);
    (this.heartbeat as { unref?: () => void }).unref?.();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Every one-shot timer and the heartbeat. */
  clear(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    this.stopHeartbeat();
  }
}
