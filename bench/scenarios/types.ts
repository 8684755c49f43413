// The contract between run.ts and a scenario.
import type { ScenarioResult } from '../lib/report.ts';

export type ScenarioOptions = Record<string, string | undefined>;

export interface Scenario {
  name: string;
  /** One line for `npm run bench -- --help`. */
  summary: string;
  /** The options it reads (`--name value`) with their defaults, for --help. */
  options: Record<string, string>;
  run(options: ScenarioOptions, log: (line: string) => void): Promise<ScenarioResult>;
}

export function intOption(options: ScenarioOptions, name: string, fallback: number): number {
  const raw = options[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return value;
}
