// A cluster on this machine: one-to-one messages with 1, 2 and 3 server processes on one
// PostgreSQL database and one Redis (docs/operations.md, "Running a cluster"). Each pair's two
// accounts are connected to different processes where there is more than one, so every message
// crosses the bus. Throughput, send-to-deliver latency and the CPU each process used, so the
// scaling per core can be read. The comparison is Morsel with itself: one process is the peer.
import pg from 'pg';
import { ImLink, textMsg } from '../lib/im-link.ts';
import { startCpuWindow } from '../lib/cpu-window.ts';
import { createAccounts, startMorselServer, type MorselServer } from '../lib/morsel-server.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { mapLimit, summarize } from '../lib/stats.ts';
import { drive, type PairLink } from './p2p.ts';
import { intOption, type Scenario } from './types.ts';

const POSTGRES_ADMIN_URL =
  process.env.MORSEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.MORSEL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WARMUP = 20;

interface Side {
  delivered: number;
  latencyMs: number[];
  elapsedMs: number;
  /** CPU seconds each server process used over the measured round. */
  processSeconds: number[];
  errors: string[];
}

/** A fresh database for one side, dropped after. */
async function withDatabase<T>(label: string, body: (url: string) => Promise<T>): Promise<T> {
  const name = `morsel_bench_cluster_${process.pid}_${label}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return await body(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

async function clusterSide(
  processes: number,
  pairCount: number,
  count: number,
  limitMs: number,
  log: (line: string) => void,
): Promise<Side> {
  return withDatabase(String(processes), async (databaseUrl) => {
    const env = {
      MORSEL_DATABASE_URL: databaseUrl,
      MORSEL_REDIS_URL: REDIS_URL,
      MORSEL_REDIS_PREFIX: `morsel-bench-${process.pid}-${processes}:`,
    };
    const servers: MorselServer[] = [];
    try {
      // One at a time: the first runs the migrations.
      for (let i = 0; i < processes; i++) servers.push(await startMorselServer(env));
      const accounts = await createAccounts(servers[0]!, pairCount * 2, `c${processes}x`);
      const errors = new Map<string, number>();
      let onDeliver: (pair: number, seq: number) => void = () => undefined;
      let run = 0;
      // Pair p: sender on process p % n, receiver on the next one.
      const links = await mapLimit(accounts, 16, async (account, index) => {
        const pair = Math.floor(index / 2);
        const server = servers[(pair + (index % 2)) % processes]!;
        const link = new ImLink({
          url: server.url,
          appKey: server.appKey,
          account,
          onPush: (name, body) => {
            if (name !== 'msg' || index % 2 === 0) return;
            onDeliver(pair, Number((body.msg as { text?: string }).text));
          },
        });
        await link.open();
        return link;
      });
      log(`${processes} process(es): ${links.length} connections; ${pairCount} pairs x ${count}`);
      const pairs: PairLink[] = Array.from({ length: pairCount }, (_, pair) => ({
        send(seq) {
          links[pair * 2]!.request(
            'sendMsg',
            textMsg('p2p', links[pair * 2 + 1]!.accid, String(seq), `c${run}-${seq}`),
          ).catch((e: Error) => errors.set(e.message, (errors.get(e.message) ?? 0) + 1));
        },
      }));
      const hook = (d: typeof onDeliver) => {
        run++;
        onDeliver = d;
      };
      await drive(pairs, WARMUP, limitMs, hook, 0);
      const windows = await Promise.all(servers.map((s) => startCpuWindow(s.pid)));
      const measured = await drive(pairs, count, limitMs, hook, WARMUP);
      const cpu = await Promise.all(windows.map((stop) => stop()));
      for (const link of links) link.close();
      return {
        delivered: measured.delivered,
        latencyMs: measured.latencyMs,
        elapsedMs: measured.elapsedMs,
        processSeconds: cpu.map((c) => c.serverSeconds),
        errors: [...errors].map(([m, c]) => `${c} x ${m}`),
      };
    } finally {
      for (const server of servers) await server.stop();
    }
  });
}

export const cluster: Scenario = {
  name: 'cluster',
  summary:
    'one-to-one messages through 1, 2 and 3 server processes on PostgreSQL and Redis: throughput, latency and CPU per process',
  options: {
    pairs: '50',
    messages: '200 per pair',
    seconds: '120 (time limit per side)',
    processes: '3 (the largest cluster; 1 up to it are run)',
  },
  async run(options, log): Promise<ScenarioResult> {
    const pairCount = intOption(options, 'pairs', 50);
    const count = intOption(options, 'messages', 200);
    const limitMs = intOption(options, 'seconds', 120) * 1000;
    const largest = intOption(options, 'processes', 3);
    const sides: Record<string, Side> = {};
    for (let n = 1; n <= largest; n++) {
      const side = await clusterSide(n, pairCount, count, limitMs, log);
      sides[`${n} process${n > 1 ? 'es' : ''}`] = side;
      log(`${n}: ${side.delivered} delivered in ${(side.elapsedMs / 1000).toFixed(1)} s`);
      for (const error of side.errors) log(`${n}: ${error}`);
    }
    const [oursName, ...peerNames] = Object.keys(sides).reverse();
    const ours = sides[oursName!]!;
    const peers = Object.fromEntries(peerNames.map((name) => [name, sides[name]!]));
    const row = rowMaker(ours, peers);
    const rate = (s: Side) => (s.delivered * 1000) / s.elapsedMs;
    const cpuTotal = (s: Side) => s.processSeconds.reduce((a, b) => a + b, 0);
    return {
      scenario: 'cluster',
      title: `${pairCount} pairs x ${count} one-to-one messages on PostgreSQL and Redis, ${oursName} against fewer`,
      peers: peerNames,
      rows: [
        row('messages delivered', 'count', 'higher', (s) => s.delivered),
        row('throughput', 'messages/s', 'higher', rate),
        row('send-to-deliver latency p50', 'ms', 'lower', (s) => summarize(s.latencyMs).p50),
        row('send-to-deliver latency p99', 'ms', 'lower', (s) => summarize(s.latencyMs).p99),
        row(
          'server CPU, all processes',
          '% of a core',
          'info',
          (s) => (cpuTotal(s) * 100_000) / s.elapsedMs,
        ),
        row(
          'busiest process CPU',
          '% of a core',
          'info',
          (s) => (Math.max(...s.processSeconds) * 100_000) / s.elapsedMs,
        ),
        row(
          'server CPU time per message',
          'µs',
          'lower',
          (s) => (cpuTotal(s) * 1e6) / Math.max(1, s.delivered),
        ),
      ],
      notes: [
        'Every message is stored in PostgreSQL before its acknowledgement; with more than one process each pair’s two ends are on different processes, so every delivery crosses Redis.',
        'This machine has 2 cores shared by the server processes, PostgreSQL, Redis and the load generator: read the CPU per message and per process, not the throughput, for scaling per core.',
        `A warm-up round of ${WARMUP} messages per pair runs first and is not counted.`,
      ],
      details: {
        pairCount,
        count,
        sides: Object.fromEntries(
          Object.entries(sides).map(([n, s]) => [n, { ...s, latencyMs: summarize(s.latencyMs) }]),
        ),
      },
    };
  },
};
