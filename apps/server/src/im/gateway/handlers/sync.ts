// Service sync (5): after login the client sends one timetag per category; every registered
// source streams what changed since its timetag as pushes, then the reply (syncDone) carries the
// new timetags. Sources are registered by the features that own the data (messages, sessions,
// teams...) under the category names the protocol declares (SYNC_CATEGORIES); a category nobody
// serves keeps the timetag the client sent.
//
// Each category stands alone: one that fails (a bad row, a store error) is logged and keeps the
// client's timetag, so the next sync retries it, while every other category completes and moves
// on. One account's data can never stop another part of someone's sync.
import { SYNC, type SyncCategory } from '@morsel/protocol';
import type { Logger } from '../../../log.ts';
import type { HandlerContext, HandlerTable } from './types.ts';

/**
 * Streams a category's changes since `since` to the connection, as pushes (through
 * sync-push.ts's pushInChunks). Returns the timetag that covers what it sent: the time of the
 * newest row it read, so a row committed later with an earlier time is still ahead of the next
 * sync's timetag; `since` itself when nothing was new. The sync moves it on to at least the clock
 * before the source ran less SYNC.liveTimetagMarginMs. A source that returns nothing gets the
 * clock taken before it ran (sources that have no row times).
 */
export type SyncSource = (
  context: HandlerContext,
  since: number,
) => Promise<void | { timetag: number }>;

export class SyncSources {
  private readonly sources = new Map<SyncCategory, SyncSource>();

  constructor(private readonly log?: Logger) {}

  register(category: SyncCategory, source: SyncSource): void {
    if (this.sources.has(category)) throw new Error(`sync category ${category} is served twice`);
    this.sources.set(category, source);
  }

  /** The categories served, in the order the sync streams them (the category test reads it). */
  categories(): SyncCategory[] {
    return [...this.sources.keys()];
  }

  handlers(): HandlerTable {
    return {
      sync: async (context, { timetags }) => {
        const next: Record<string, number> = { ...timetags };
        for (const [category, source] of this.sources) {
          const since = timetags[category] ?? 0;
          const now = context.now();
          try {
            const sent = await source(context, since);
            // Never further back than the margin the SDK uses for live messages: a message takes
            // its time and commits within it, so nothing is stepped over, and a category that had
            // nothing new (a new device without history) still moves on rather than roaming again.
            next[category] = sent ? Math.max(sent.timetag, now - SYNC.liveTimetagMarginMs) : now;
          } catch (err) {
            // The category's timetag stays where the client had it: nothing is skipped.
            next[category] = since;
            const { accid, appKey } = context.session;
            this.log?.error({ err, category, accid, appKey }, 'sync category failed');
          }
        }
        return { timetags: next };
      },
    };
  }
}
