// The SDK's script-tag bundles as an integrator downloads them, beside the official NIM Web SDK's
// files from npm (@yxim/nim-web-sdk, the version the NIM-dialect tests use): bytes minified and
// gzip-compressed (level 9), for IM alone, Chatroom alone and both together. Ours are built here
// by the package build (packages/im-sdk/scripts/build.ts) into a temporary folder; NIM's are read
// as published. Issue 24's goal for IM alone is at most 40 kB gzip.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSdk } from '../../packages/im-sdk/scripts/build.ts';
import { REPO_ROOT } from '../lib/processes.ts';
import type { MetricRow, ScenarioResult } from '../lib/report.ts';
import type { Scenario } from './types.ts';

const KB = 1000;
const IM_GZIP_GOAL_KB = 40;
const NIM_DIR = path.join(REPO_ROOT, 'node_modules/@yxim/nim-web-sdk');

/** Ours and NIM's file for each part, in dist/browser and dist/SDK. */
const PARTS = [
  { part: 'IM', ours: 'morsel-nim.min.js', nim: 'NIM_Web_NIM.js' },
  { part: 'Chatroom', ours: 'morsel-chatroom.min.js', nim: 'NIM_Web_Chatroom.js' },
  { part: 'IM and Chatroom', ours: 'morsel-im.min.js', nim: 'NIM_Web_SDK.js' },
] as const;

interface Size {
  file: string;
  bytes: number;
  gzipBytes: number;
}

async function sizeOf(file: string): Promise<Size> {
  const body = await fs.readFile(file);
  return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

/** The npm packages a bundle carries, from its source map (our own sources left out). */
async function packagesInside(file: string): Promise<string[]> {
  const map = JSON.parse(await fs.readFile(`${file}.map`, 'utf8')) as { sources: string[] };
  const names = new Set<string>();
  for (const source of map.sources) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (match) names.add(match[1]!);
  }
  return [...names].sort();
}

export const sdkSize: Scenario = {
  name: 'sdk-size',
  summary: `our IM SDK's browser bundles (IM, Chatroom, both), minified and gzip, beside NIM Web SDK's files from npm (goal: IM at most ${IM_GZIP_GOAL_KB} kB gzip)`,
  options: {},
  async run(_options, log): Promise<ScenarioResult> {
    const nimVersion = (
      JSON.parse(await fs.readFile(path.join(NIM_DIR, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-sdk-size-'));
    try {
      log('building the SDK package');
      const dist = await buildSdk(path.join(work, 'dist'));
      const rows: MetricRow[] = [];
      const notes: string[] = [];
      const details: Record<string, unknown> = {};
      for (const { part, ours, nim } of PARTS) {
        const file = path.join(dist, 'browser', ours);
        const [our, their, inside] = await Promise.all([
          sizeOf(file),
          sizeOf(path.join(NIM_DIR, 'dist/SDK', nim)),
          packagesInside(file),
        ]);
        const goal = part === 'IM' ? IM_GZIP_GOAL_KB : undefined;
        rows.push(
          {
            metric: `${part} minified`,
            unit: 'kB',
            better: 'lower',
            ours: our.bytes / KB,
            peers: { NIM: their.bytes / KB, goal: undefined },
          },
          {
            metric: `${part} gzip`,
            unit: 'kB',
            better: 'lower',
            ours: our.gzipBytes / KB,
            peers: { NIM: their.gzipBytes / KB, goal },
          },
        );
        notes.push(
          `${part}: ours ${ours}, NIM's ${nim}; npm packages inside ours: ${inside.join(', ')}.`,
        );
        details[part] = {
          ours: { ...our, file: ours, packages: inside },
          nim: { ...their, file: nim },
        };
        log(
          `${part}: ${(our.gzipBytes / KB).toFixed(1)} kB gzip (NIM ${(their.gzipBytes / KB).toFixed(1)})`,
        );
      }
      const imGzip = rows.find((r) => r.metric === 'IM gzip')!.ours;
      return {
        scenario: 'sdk-size',
        title: `browser bundles of our SDK and of NIM Web SDK ${nimVersion} (npm), minified and gzip`,
        peers: ['NIM', 'goal'],
        rows,
        notes: [
          `${imGzip <= IM_GZIP_GOAL_KB ? 'PASS' : 'FAIL'}: IM alone ${imGzip.toFixed(1)} kB gzip against the goal of ${IM_GZIP_GOAL_KB} kB (issue 24).`,
          ...notes,
          `Ours: dist/browser/ of \`npm run build:sdk\` (rolldown IIFE minified by terser, every dependency inside). NIM's: @yxim/nim-web-sdk ${nimVersion} dist/SDK/ as published (already minified). gzip level 9; kB = 1,000 bytes. Sizes are exact: the machine's load does not change them.`,
        ],
        details,
      };
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  },
};
