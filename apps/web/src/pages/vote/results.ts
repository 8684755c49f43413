// The vote's figures as the page shows them: each option's share of all votes (whole percent) and
// the ranking once voting closed (ties share a place).
export interface Counted {
  key: string;
  votes: number;
}

/** Whole percent of `total`; 0 when nobody voted yet. */
export function percentOf(votes: number, total: number): number {
  return total > 0 ? Math.round((votes / total) * 100) : 0;
}

/** Options by votes, most first (ties keep the configured order), each with its place (1-based). */
export function ranked<T extends Counted>(options: readonly T[]): (T & { place: number })[] {
  const sorted = [...options].sort((a, b) => b.votes - a.votes);
  return sorted.map((option) => ({
    ...option,
    place: sorted.findIndex((o) => o.votes === option.votes) + 1,
  }));
}
