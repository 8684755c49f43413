// What a scenario reports and how it is shown: one row per metric with our figure, each peer's
// figure and the ratio ours / peer, printed as a table and written as JSON under bench/results/.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './processes.ts';

export interface MetricRow {
  metric: string;
  unit: string;
  /** Which way is better, so a reader knows whether a ratio above 1 is good. */
  better: 'higher' | 'lower' | 'info';
  ours: number;
  /** By peer name; absent when the peer does not measure this metric. */
  peers: Record<string, number | undefined>;
}

export interface ScenarioResult {
  scenario: string;
  title: string;
  peers: string[];
  rows: MetricRow[];
  /** Plain sentences: what limited the run, what differs between the systems compared. */
  notes: string[];
  /** The raw measurements, kept in the JSON. */
  details: Record<string, unknown>;
}

/**
 * The row maker a scenario fills its table with: `row(metric, unit, better, pick)` picks the
 * figure from our side and from each peer's (a peer that did not run shows as '-').
 */
export function rowMaker<S>(ours: S, peers: Record<string, S | undefined>) {
  return (
    metric: string,
    unit: string,
    better: MetricRow['better'],
    pick: (side: S) => number,
  ): MetricRow => ({
    metric,
    unit,
    better,
    ours: pick(ours),
    peers: Object.fromEntries(
      Object.entries(peers).map(([name, side]) => [
        name,
        side === undefined ? undefined : pick(side),
      ]),
    ),
  });
}

function format(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function ratio(ours: number, peer: number | undefined): string {
  // A figure near zero (e.g. no other CPU load) makes a ratio meaningless.
  if (
    peer === undefined ||
    !Number.isFinite(peer) ||
    Math.abs(peer) < 1e-6 ||
    !Number.isFinite(ours)
  )
    return '-';
  return `${(ours / peer).toFixed(2)}x`;
}

/** The table as Markdown, which reads well in a terminal and pastes into docs/benchmarks.md. */
export function renderTable(result: ScenarioResult): string {
  const header = [
    'metric',
    'unit',
    'better',
    'Morsel',
    ...result.peers.flatMap((p) => [p, `Morsel / ${p}`]),
  ];
  const lines = result.rows.map((row) => [
    row.metric,
    row.unit,
    row.better,
    format(row.ours),
    ...result.peers.flatMap((p) => [format(row.peers[p]), ratio(row.ours, row.peers[p])]),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [render(header), render(widths.map((w) => '-'.repeat(w))), ...lines.map(render)].join(
    '\n',
  );
}

export function printResult(result: ScenarioResult): void {
  const out = [`\n## ${result.scenario}: ${result.title}\n`, renderTable(result), ''];
  for (const note of result.notes) out.push(`- ${note}`);
  process.stdout.write(out.join('\n') + '\n');
}

export function machine(): Record<string, unknown> {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    kernel: os.release(),
    node: process.version,
  };
}

/** Writes bench/results/<scenario>-<timestamp>.json and bench/results/<scenario>-latest.json. */
export async function writeResult(result: ScenarioResult, command: string): Promise<string> {
  const dir = path.join(REPO_ROOT, 'bench', 'results');
  await fs.mkdir(dir, { recursive: true });
  const at = new Date().toISOString();
  const body = JSON.stringify({ at, command, machine: machine(), ...result }, null, 2) + '\n';
  const file = path.join(dir, `${result.scenario}-${at.replace(/[:.]/g, '-')}.json`);
  await fs.writeFile(file, body);
  await fs.writeFile(path.join(dir, `${result.scenario}-latest.json`), body);
  return file;
}
