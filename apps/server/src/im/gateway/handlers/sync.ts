// Service sync (5): after login the client sends one timetag per category; every registered
// source streams what changed since its timetag as pushes, then the reply (syncDone) carries the
// new timetags. Sources are registered by the features that own the data (messages, sessions,
// teams...); a category nobody serves yet keeps the timetag the client sent.
import type { HandlerContext, HandlerTable } from './types.ts';

/**
 * Streams a category's changes since `since` to the connection, as pushes. A source that could
 * not send everything (a cap) returns the timetag that covers what it sent, so the next sync
 * continues from there rather than stepping over the rest.
 */
export type SyncSource = (context: HandlerContext, since: number) => Promise<void | { timetag: number }>;

export class SyncSources {
  private readonly sources = new Map<string, SyncSource>();

  register(category: string, source: SyncSource): void {
    if (this.sources.has(category)) throw new Error(`sync category ${category} is served twice`);
    this.sources.set(category, source);
  }

  handlers(): HandlerTable {
    return {
      sync: async (context, { timetags }) => {
        // The new timetag is taken before streaming, so a change made during the sync is sent
        // again by the next one rather than lost; the client deduplicates by server id.
        const now = Date.now();
        const next: Record<string, number> = { ...timetags };
        for (const [category, source] of this.sources) {
          const sent = await source(context, timetags[category] ?? 0);
          next[category] = sent ? Math.min(sent.timetag, now) : now;
        }
        return { timetags: next };
      },
    };
  }
}
