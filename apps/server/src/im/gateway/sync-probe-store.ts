// The sync's probes (decision 0062): one query that tells, for every probed category, whether
// anything could be new since the client's timetag. Each feature states its probe next to its
// source, as the rows that source reads (an EXISTS over the same tables and conditions, or a
// wider one); here they become one SELECT of one 0/1 column per category.
//
// Kysely builds and compiles a query on every call, which costs more than running these probes
// (each an index seek on an empty range for an account with nothing new). So the query is built
// once, with stand-in values, and each sync runs its SQL text with the real values put in the
// stand-ins' places (the same idea as store/compiled-once.ts, with named stand-ins because each
// category has its own timetag).
import type { SyncCategory } from '@morsel/protocol';
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../store/index.ts';

/** What a probe is built with: stand-ins that each sync replaces with the real values. */
export interface SyncProbeParams {
  appKey: string;
  accid: string;
  /** The category's timetag as the client sent it (0 for a device new to the account). */
  since: number;
  /** The server's clock when the probes run. */
  now: number;
  /** A value computed at each sync from the real timetag and clock (a window's start, say). */
  derived(compute: (real: { since: number; now: number }) => number): number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, any selection
type AnySelect = SelectQueryBuilder<Database, any, any>;

/**
 * The rows whose existence means the category may have something to send (any of them, when
 * several): they must include every row the source would send or take its timetag from.
 */
export type SyncProbe = (params: SyncProbeParams) => AnySelect | readonly AnySelect[];

interface Real {
  appKey: string;
  accid: string;
  now: number;
}

type Resolve = (real: Real, sinceOf: (category: SyncCategory) => number) => unknown;

// Stand-ins no real value takes: negative millisecond times, and strings no account id matches.
const STAND_IN_BASE = -4_000_000_000_000_000;
const APP_KEY = '@@sync-probe:appKey@@';
const ACCID = '@@sync-probe:accid@@';
const NOW = STAND_IN_BASE - 1;

export class SyncProbes {
  private readonly probes = new Map<SyncCategory, SyncProbe>();
  private compiled: { sql: string; parameters: Resolve[]; categories: SyncCategory[] } | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  add(category: SyncCategory, probe: SyncProbe): void {
    if (this.compiled) throw new Error(`sync probe ${category} added after the first sync`);
    this.probes.set(category, probe);
  }

  /** The probed categories with nothing at or after their timetag: their sources need not run. */
  async quiet(real: Real, sinceOf: (category: SyncCategory) => number): Promise<Set<SyncCategory>> {
    const compiled = (this.compiled ??= this.compile());
    const parameters = compiled.parameters.map((resolve) => resolve(real, sinceOf));
    const { rows } = await this.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(compiled.sql, parameters),
    );
    const row = rows[0] ?? {};
    return new Set(compiled.categories.filter((category) => Number(row[category]) === 0));
  }

  private compile() {
    const resolvers = new Map<unknown, Resolve>([
      [APP_KEY, (real) => real.appKey],
      [ACCID, (real) => real.accid],
      [NOW, (real) => real.now],
    ]);
    let next = STAND_IN_BASE - 2;
    const categories = [...this.probes.keys()];
    const columns = categories.map((category) => {
      const since = next--;
      resolvers.set(since, (_real, sinceOf) => sinceOf(category));
      const params: SyncProbeParams = {
        appKey: APP_KEY,
        accid: ACCID,
        since,
        now: NOW,
        derived(compute) {
          const standIn = next--;
          resolvers.set(standIn, (real, sinceOf) =>
            compute({ since: sinceOf(category), now: real.now }),
          );
          return standIn;
        },
      };
      const built = this.probes.get(category)!(params);
      const queries = Array.isArray(built) ? built : [built as AnySelect];
      const any = sql.join(
        queries.map((query) => sql`exists ${query}`),
        sql` or `,
      );
      return sql<number>`case when ${any} then 1 else 0 end`.as(category);
    });
    const { sql: text, parameters } = this.db.selectNoFrom(columns).compile();
    return {
      sql: text,
      categories,
      parameters: parameters.map((value) => {
        const resolve = resolvers.get(value);
        if (resolve) return resolve;
        // Arithmetic on a stand-in in JavaScript makes a constant, not the real value.
        if (typeof value === 'number' && value < STAND_IN_BASE / 2)
          throw new Error('a sync probe computed a value from a stand-in: use derived()');
        return () => value;
      }),
    };
  }
}
