// Service sync (5): after login the client sends one timetag per category; every registered
// source streams what changed since its timetag as pushes, then the reply (syncDone) carries the
// new timetags. Sources are registered by the features that own the data (messages, sessions,
// teams...) under the category names the protocol declares (SYNC_CATEGORIES); a category nobody
// serves keeps the timetag the client sent.
//
// A source may come with a probe (decision 0062): an EXISTS condition over the very rows the
// source would read. All probes run as ONE query before the sources; a category whose probe
// finds nothing is answered at once, with no query of its own. A login with nothing new costs
// that one query instead of one or two per category.
//
// Each category stands alone: one that fails (a bad row, a store error) is logged and keeps the
// client's timetag, so the next sync retries it, while every other category completes and moves
// on. One account's data can never stop another part of someone's sync.
import { SYNC, type SyncCategory } from '@morsel/protocol';
import type { Kysely } from 'kysely';
import type { Logger } from '../../../log.ts';
import type { Database } from '../../../store/index.ts';
import { SyncProbes, type SyncProbe } from '../sync-probe-store.ts';
import type { HandlerContext, HandlerTable } from './types.ts';

export type { SyncProbe, SyncProbeParams } from '../sync-probe-store.ts';

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
  /** Sources that return nothing (the clock before they ran) when they have nothing to send. */
  private readonly clockWhenEmpty = new Set<SyncCategory>();
  private readonly probes: SyncProbes | undefined;
  /** Off: every source runs (the tests compare both ways). */
  probing = true;

  constructor(
    private readonly log?: Logger,
    db?: Kysely<Database>,
  ) {
    this.probes = db && new SyncProbes(db);
  }

  /**
   * `probe` (optional) must hold whenever the source could send something or move its timetag
   * past `since` on a row: a superset of the source's own conditions, never narrower. A category
   * the probe finds quiet gets what its source returns when it finds nothing: `since` (moved on to
   * the live margin), or with `emptyReturns: 'clock'` the clock (a source returning nothing).
   */
  register(
    category: SyncCategory,
    source: SyncSource,
    probe?: SyncProbe,
    { emptyReturns = 'since' }: { emptyReturns?: 'since' | 'clock' } = {},
  ): void {
    if (this.sources.has(category)) throw new Error(`sync category ${category} is served twice`);
    this.sources.set(category, source);
    if (emptyReturns === 'clock') this.clockWhenEmpty.add(category);
    if (probe) {
      if (!this.probes) throw new Error(`sync category ${category} has a probe but no store`);
      this.probes.add(category, probe);
    }
  }

  /** The categories served, in the order the sync streams them (the category test reads it). */
  categories(): SyncCategory[] {
    return [...this.sources.keys()];
  }

  handlers(): HandlerTable {
    return {
      sync: async (context, { timetags }) => {
        const next: Record<string, number> = { ...timetags };
        const { accid, appKey } = context.session;
        const sinceOf = (category: SyncCategory) => timetags[category] ?? 0;
        const probedAt = context.now();
        let quiet: ReadonlySet<SyncCategory> = new Set();
        if (this.probing && this.probes) {
          try {
            quiet = await this.probes.quiet({ appKey, accid, now: probedAt }, sinceOf);
          } catch (err) {
            // Without the probes every source runs: slower, never less.
            this.log?.error({ err, accid, appKey }, 'sync probes failed');
          }
        }
        for (const [category, source] of this.sources) {
          const since = sinceOf(category);
          if (quiet.has(category)) {
            // Nothing after `since` when the probe ran: as the source when it finds nothing.
            next[category] = this.clockWhenEmpty.has(category)
              ? probedAt
              : Math.max(since, probedAt - SYNC.liveTimetagMarginMs);
            continue;
          }
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
            this.log?.error({ err, category, accid, appKey }, 'sync category failed');
          }
        }
        return { timetags: next };
      },
    };
  }
}
