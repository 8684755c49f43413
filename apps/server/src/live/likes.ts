// Likes reach the room in batches (decision 0052): a tap is counted on the server at once (the
// session's total, one conditional-free increment), but the room hears about it at most once a
// second per session: one custom message with the new total, whatever the number of tappers.
// A room of 10,000 tapping viewers costs one message a second, not 10,000. Every process
// announces the totals it saw change, read back from the store, so processes never disagree on
// the number and a lost announcement is healed by the next.
import type { Logger } from '../log.ts';
import type { LiveRooms, RoomRef } from './room.ts';

export const LIKES_ANNOUNCE_INTERVAL_MS = 1000;

interface Pending {
  ref: RoomRef;
  hostAccid: string;
}

export class LikeAnnouncer {
  private readonly pending = new Map<number, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly rooms: LiveRooms,
    private readonly totalOf: (sessionId: number) => Promise<number>,
    private readonly log: Logger,
    private readonly intervalMs = LIKES_ANNOUNCE_INTERVAL_MS,
  ) {}

  /** The session's likes changed: its room hears the total with the next batch. */
  changed(sessionId: number, pending: Pending): void {
    this.pending.set(sessionId, pending);
    this.timer ??= setTimeout(() => {
      this.flushing = this.flush();
    }, this.intervalMs);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [sessionId, { ref, hostAccid }] of batch) {
      try {
        const likes = await this.totalOf(sessionId);
        await this.rooms.announce(ref, hostAccid, { type: 'live-likes', likes });
      } catch (error) {
        // A closed room, a store hiccup: the next tap announces the total again.
        this.log.warn({ err: error, sessionId }, 'live likes: could not announce the total');
      }
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
  }
}
