// `npm run bench [-- <scenario>… [--option value]…]`: runs the named scenarios (all when none is
// named), prints a table per scenario (our figure, each peer's, the ratio) and writes the
// results as JSON under bench/results/. Not part of `npm test`.
import { parseArgs } from 'node:util';
import { printResult, writeResult } from './lib/report.ts';
import { stopAll } from './lib/processes.ts';
import { connections } from './scenarios/connections.ts';
import { loginSdk } from './scenarios/login-sdk.ts';
import { webBudget } from './scenarios/web-budget.ts';
import { lighthouseScenario } from './scenarios/lighthouse.ts';
import { a11y } from './scenarios/a11y.ts';
import { http } from './scenarios/http.ts';
import { p2p } from './scenarios/p2p.ts';
import { superteam } from './scenarios/superteam.ts';
import { chatroom } from './scenarios/chatroom.ts';
import { sync } from './scenarios/sync.ts';
import { reconnectStorm } from './scenarios/reconnect-storm.ts';
import { storeWrites } from './scenarios/store-writes.ts';
import { upload } from './scenarios/upload.ts';
import { cluster } from './scenarios/cluster.ts';
import { nimSdk } from './scenarios/nim-sdk.ts';
import { sdkSize } from './scenarios/sdk-size.ts';
import { msgpackDecode } from './scenarios/msgpack-decode.ts';
import { fanout } from './scenarios/fanout.ts';
import type { Scenario, ScenarioOptions } from './scenarios/types.ts';

const SCENARIOS: Scenario[] = [
  connections,
  loginSdk,
  p2p,
  storeWrites,
  webBudget,
  lighthouseScenario,
  a11y,
  http,
  superteam,
  chatroom,
  sync,
  reconnectStorm,
  upload,
  cluster,
  nimSdk,
  sdkSize,
  msgpackDecode,
  fanout,
];

function help(): string {
  const lines = [
    'usage: npm run bench -- [scenario…] [--option value…]',
    '',
    'scenarios (all by default):',
  ];
  for (const s of SCENARIOS) {
    lines.push(`  ${s.name}: ${s.summary}`);
    for (const [name, fallback] of Object.entries(s.options))
      lines.push(`      --${name}  (default: ${fallback})`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const known = Object.fromEntries(
    SCENARIOS.flatMap((s) => Object.keys(s.options)).map((name) => [
      name,
      { type: 'string' as const },
    ]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { ...known, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${help()}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(help() + '\n');
    return 0;
  }
  const unknown = positionals.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length) {
    process.stderr.write(`unknown scenario: ${unknown.join(', ')}\n\n${help()}\n`);
    return 2;
  }
  const chosen = positionals.length
    ? SCENARIOS.filter((s) => positionals.includes(s.name))
    : SCENARIOS;
  const options: ScenarioOptions = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
  );
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
  let failures = 0;
  for (const scenario of chosen) {
    const started = Date.now();
    const log = (line: string) =>
      process.stderr.write(
        `[${scenario.name} ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`,
      );
    try {
      const result = await scenario.run(options, log);
      printResult(result);
      const file = await writeResult(result, command);
      log(`results written to ${file}`);
    } catch (error) {
      failures++;
      process.stderr.write(
        `scenario ${scenario.name} failed: ${(error as Error).stack ?? String(error)}\n`,
      );
    } finally {
      await stopAll();
    }
  }
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    await stopAll();
    process.exit(1);
  },
);
