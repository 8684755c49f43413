// What a kind's settings check says beyond its schema (keys that repeat, names that point nowhere):
// problems in the admin API's shape, a field and what it expects in Chinese, every one at once
// (decision 0037), so the admin API, the console and a seed file at start-up show the same list.
export type { Problem } from '../api/index.ts';

/** Each value that occurs more than once, once, in the order it first repeats. */
export function repeatedValues<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  const repeated = new Set<T>();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}
