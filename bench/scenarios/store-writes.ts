// The send path's storage alone: the server's real message writer (insertMessage: conversation
// positions, message rows, both sides' sessions, one transaction per turn) driven in this process
// with no network, as the p2p scenario's sends reach it (one message per conversation per turn).
// It shows how much of a one-to-one message's cost is the durable write, on the embedded SQLite
// file, against the same writer on SQLite in memory (nothing durable: the file's and WAL's
// share) and on PostgreSQL (the scale path; every commit waits for its fsync).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore, sqliteFileIn, type Store } from '../../apps/server/src/store/index.ts';
import { insertMessage } from '../../apps/server/src/im/messaging/index.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { intOption, type Scenario } from './types.ts';

const POSTGRES_ADMIN_URL =
  process.env.MORSEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Side {
  messages: number;
  elapsedMs: number;
  /** CPU of this process (every thread: the checkpoint worker too), in seconds. */
  cpuSeconds: number;
  /** Other processes' CPU (PostgreSQL's backend does its work there), in seconds. */
  otherCpuSeconds: number;
}

const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** CPU seconds the whole machine spent busy, from /proc/stat. */
async function machineBusySeconds(): Promise<number> {
  const [cpu] = (await fs.readFile('/proc/stat', 'utf8')).split('\n');
  const fields = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  const total = fields.reduce((a, b) => a + b, 0);
  return (total - idle) / 100;
}

async function drive(store: Store, conversations: number, turns: number): Promise<Side> {
  const send = (turn: number, pair: number) => {
    const from = `u${pair * 2}`;
    const to = `u${pair * 2 + 1}`;
    return insertMessage(store.db, {
      appKey: 'benchApp01',
      convKey: `p2p:${from}|${to}`,
      now: Date.now(),
      body: {
        scene: 'p2p',
        to,
        type: 0,
        text: String(turn),
        idClient: `t${turn}-${pair}`,
        from,
        fromNick: '',
        fromClientType: 16,
        fromDeviceId: 'bench',
      },
      sessions: {
        scene: 'p2p',
        refs: [
          { accid: from, sessionId: `p2p-${to}`, peer: to },
          { accid: to, sessionId: `p2p-${from}`, peer: from },
        ],
      },
    });
  };
  const turn = (t: number) =>
    Promise.all(Array.from({ length: conversations }, (_, pair) => send(t, pair)));
  for (let t = 0; t < 20; t++) await turn(-1 - t); // warm-up, not counted
  const cpu0 = cpuNow();
  const machine0 = await machineBusySeconds();
  const started = performance.now();
  for (let t = 0; t < turns; t++) await turn(t);
  const elapsedMs = performance.now() - started;
  const cpuSeconds = cpuNow() - cpu0;
  return {
    messages: conversations * turns,
    elapsedMs,
    cpuSeconds,
    otherCpuSeconds: (await machineBusySeconds()) - machine0 - cpuSeconds,
  };
}

async function onSqliteFile(conversations: number, turns: number): Promise<Side> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-bench-store-'));
  const store = await openStore({ sqliteFile: sqliteFileIn(dataDir) });
  try {
    return await drive(store, conversations, turns);
  } finally {
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function onSqliteMemory(conversations: number, turns: number): Promise<Side> {
  const store = await openStore({ sqliteFile: ':memory:' });
  try {
    return await drive(store, conversations, turns);
  } finally {
    await store.close();
  }
}

async function onPostgres(
  conversations: number,
  turns: number,
  log: (line: string) => void,
): Promise<Side | undefined> {
  const name = `morsel_bench_${process.pid}`;
  const admin = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL is not reachable (${(error as Error).message}): that peer is left out`);
    return undefined;
  }
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const store = await openStore({ databaseUrl: url.toString() });
    try {
      return await drive(store, conversations, turns);
    } finally {
      await store.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

export const storeWrites: Scenario = {
  name: 'store-writes',
  summary:
    "the send path's durable write alone (the server's message writer in this process, no network): SQLite file vs SQLite in memory and PostgreSQL",
  options: { conversations: '50 (messages per turn)', turns: '400' },
  async run(options, log): Promise<ScenarioResult> {
    const conversations = intOption(options, 'conversations', 50);
    const turns = intOption(options, 'turns', 400);
    const ours = await onSqliteFile(conversations, turns);
    log(`SQLite file: ${ours.messages} messages in ${(ours.elapsedMs / 1000).toFixed(1)} s`);
    const peers: Record<string, Side> = {};
    peers['SQLite in memory'] = await onSqliteMemory(conversations, turns);
    const postgres = await onPostgres(conversations, turns, log);
    if (postgres) peers['PostgreSQL 15'] = postgres;
    const names = Object.keys(peers);
    const row = rowMaker(ours, peers);
    return {
      scenario: 'store-writes',
      title: `${conversations} conversations x ${turns} turns, one message each per turn`,
      peers: names,
      rows: [
        row('messages stored', 'count', 'info', (s) => s.messages),
        row('throughput', 'messages/s', 'higher', (s) => s.messages / (s.elapsedMs / 1000)),
        row('time per turn (one transaction)', 'ms', 'lower', (s) => s.elapsedMs / turns),
        row(
          'CPU of this process per message',
          'µs',
          'lower',
          (s) => (s.cpuSeconds * 1e6) / s.messages,
        ),
        row(
          'other processes CPU per message',
          'µs',
          'info',
          (s) => (s.otherCpuSeconds * 1e6) / s.messages,
        ),
      ],
      notes: [
        "Morsel's figure is the embedded default: the SQLite file, WAL, synchronous FULL (a commit survives a power loss: each batch waits for the WAL's fsync), checkpoints in a worker thread. Each message: the conversation's position, the message row with its indexes, both sides' sessions.",
        'SQLite in memory runs the same statements with nothing durable: the difference is what the file and its WAL cost.',
        "PostgreSQL runs the same writer on the scale path; its server's CPU shows under other processes, and each commit waits for PostgreSQL's fsync.",
        'What the p2p scenario adds on top of this is the network, the protocol and the delivery.',
      ],
      details: { ours, peers },
    };
  },
};
