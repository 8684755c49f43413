// The browsers' MessagePack reader (packages/protocol/src/msgpack-reader.ts, decision 0063)
// against msgpackr's decoder as a browser runs it (JavaScript, no native add-on), on frame
// bodies a browser receives: CPU microseconds per decode, in interleaved rounds in a process of
// its own (bench/lib/decode-worker.ts). Issue 24: a smaller codec only if it is not slower.
import { once } from 'node:events';
import { startNode } from '../lib/processes.ts';
import type { MetricRow, ScenarioResult } from '../lib/report.ts';
import { intOption, type Scenario } from './types.ts';

interface BodyTimes {
  name: string;
  bytes: number;
  us: { ours: number[]; msgpackr: number[] };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export const msgpackDecode: Scenario = {
  name: 'msgpack-decode',
  summary:
    "the SDK's MessagePack reader against msgpackr's decoder (as browsers run it): CPU µs per decode of frame bodies",
  options: { rounds: '15' },
  async run(options, log): Promise<ScenarioResult> {
    const rounds = intOption(options, 'rounds', 15);
    log(`decoding in a worker, ${rounds} rounds`);
    const worker = startNode('bench/lib/decode-worker.ts', [String(rounds)], {
      label: 'decode',
      env: { MSGPACKR_NATIVE_ACCELERATION_DISABLED: 'true' },
    });
    const [code] = (await once(worker, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the decode worker failed:\n${worker.output()}`);
    const results = JSON.parse(worker.output().trim().split('\n').pop()!) as BodyTimes[];
    const rows: MetricRow[] = [];
    for (const { name, bytes, us } of results) {
      for (const [label, pick] of [
        ['median', median],
        ['best', (v: number[]) => Math.min(...v)],
      ] as const)
        rows.push({
          metric: `${name} (${bytes.toLocaleString('en-US')} B), ${label} round`,
          unit: 'µs CPU',
          better: 'lower',
          ours: pick(us.ours),
          peers: { msgpackr: pick(us.msgpackr) },
        });
    }
    return {
      scenario: 'msgpack-decode',
      title: "frame body decoding: the SDK's reader against msgpackr's JavaScript decoder",
      peers: ['msgpackr'],
      rows,
      notes: [
        `CPU time (user + system) per decode over loops of about 3 MB of input, ${rounds} interleaved rounds after a warm-up, in one Node process with MSGPACKR_NATIVE_ACCELERATION_DISABLED=true (msgpackr as browsers run it). Both decoders return the same values (checked first).`,
      ],
      details: { results },
    };
  },
};
