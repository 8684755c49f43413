// Our IM server as a separate process (the real server as `npm start` runs it, not an in-process
// copy), on loopback with a fresh data directory, and the accounts a scenario logs in with,
// created through the server-to-server REST API as an app backend would.
import { createHash, randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, sleep, startNode, stop, waitUntil } from './processes.ts';
import { cpuSeconds } from './proc-memory.ts';
import { mapLimit } from './stats.ts';
import { serverScript } from './server-build.ts';

export const BENCH_APP_KEY = 'morselbench01';
const BENCH_APP_SECRET = randomBytes(16).toString('hex');

export interface MorselServer {
  readonly url: string;
  readonly port: number;
  /** The pid of the server process now running (changes on restart). */
  readonly pid: number;
  readonly appKey: string;
  /** MORSEL_DATA_DIR of the process (its SQLite file is morsel.sqlite there). */
  readonly dataDir: string;
  readonly child: ChildProcess & { output: () => string };
  /**
   * Stops the process and starts a fresh one on the same port and data: what it holds in
   * memory afterwards is the product plus its data, not leftovers of creating the accounts.
   */
  restart(): Promise<void>;
  /** The last restart's two halves: SIGTERM to exit, then spawn to the first `/healthz` answer. */
  readonly lastRestart?: { stopMs: number; startMs: number };
  stop(): Promise<void>;
}

function spawnServer(port: number, dataDir: string, extraEnv: Record<string, string>) {
  return startNode(serverScript(), [], {
    label: 'morsel',
    // BENCH_SERVER_NODE_ARGS adds flags to the server process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
    nodeArgs: [
      '--max-old-space-size=8192',
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: {
      PORT: String(port),
      MORSEL_HOST: '127.0.0.1',
      MORSEL_DATA_DIR: dataDir,
      MORSEL_LOG_LEVEL: process.env.MORSEL_LOG_LEVEL ?? 'warn',
      MORSEL_SEED_DEMO: 'false',
      MORSEL_IM_APP_KEY: BENCH_APP_KEY,
      MORSEL_IM_APP_SECRET: BENCH_APP_SECRET,
      // The load generator is one client per account; frequency control is not what is measured.
      MORSEL_IM_COMMANDS_PER_SECOND: '1000000',
      // Tens of thousands of logins queue behind each other; do not close them while they wait.
      MORSEL_IM_LOGIN_TIMEOUT_MS: '600000',
      // Every load-generator socket comes from 127.0.0.1: the per-address cap is not measured.
      MORSEL_IM_MAX_SOCKETS_PER_ADDRESS: '1000000',
      ...extraEnv,
    },
  });
}

/** `env` adds or overrides the server's environment (a scenario's own limits). */
export async function startMorselServer(env: Record<string, string> = {}): Promise<MorselServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-bench-'));
  // Removed on any exit, Ctrl-C included (the SQLite file of 100k accounts is not small).
  const removeDataDir = () => fsSync.rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const child = spawnServer(port, dataDir, env);
    await waitUntil('Morsel server', async () => (await fetch(`${url}/healthz`)).ok, {
      timeoutMs: 60_000,
      child,
    });
    return child;
  };
  let child = await launch();
  await untilWarm(child.pid!);
  let lastRestart: { stopMs: number; startMs: number } | undefined;
  return {
    url,
    port,
    get pid() {
      return child.pid!;
    },
    appKey: BENCH_APP_KEY,
    dataDir,
    get child() {
      return child;
    },
    get lastRestart() {
      return lastRestart;
    },
    async restart() {
      const t0 = performance.now();
      await stop(child);
      const t1 = performance.now();
      child = await launch();
      lastRestart = { stopMs: t1 - t0, startMs: performance.now() - t1 };
    },
    async stop() {
      await stop(child);
      await fs.rm(dataDir, { recursive: true, force: true });
      process.off('exit', removeDataDir);
    },
  };
}

/**
 * Waits until the server has finished what it does once after start (compiling the remaining
 * route schemas in the background, decision 0055): at most 100 ms of CPU per second over two
 * seconds, or 30 s. Scenarios measure the steady state, not a start-up that a server pays once
 * in its life; the reconnect storm's restart, which is about that start, does not wait.
 */
async function untilWarm(pid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quietSeconds = 0;
  let before = await cpuSeconds(pid);
  while (quietSeconds < 2 && Date.now() < deadline) {
    await sleep(1000);
    const now = await cpuSeconds(pid);
    quietSeconds = now - before < 0.1 ? quietSeconds + 1 : 0;
    before = now;
  }
}

export interface Account {
  accid: string;
  token: string;
}

function signedHeaders(): Record<string, string> {
  const nonce = randomBytes(12).toString('hex');
  const curTime = String(Math.floor(Date.now() / 1000));
  return {
    AppKey: BENCH_APP_KEY,
    Nonce: nonce,
    CurTime: curTime,
    CheckSum: createHash('sha1')
      .update(BENCH_APP_SECRET + nonce + curTime)
      .digest('hex'),
    'content-type': 'application/x-www-form-urlencoded',
  };
}

/** Creates `count` accounts (`<prefix>0`, `<prefix>1`, …) with `concurrency` requests in flight. */
export async function createAccounts(
  server: MorselServer,
  count: number,
  prefix = 'bench',
  concurrency = 32,
): Promise<Account[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  return mapLimit(ids, concurrency, async (accid) => {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${server.url}/nimserver/user/create.action`, {
        method: 'POST',
        headers: signedHeaders(),
        body: new URLSearchParams({ accid }).toString(),
      });
      const reply = (await response.json()) as { code: number; desc?: string; info?: Account };
      if (reply.code === 200 && reply.info)
        return { accid: reply.info.accid, token: reply.info.token };
      // A nonce collision or a momentary failure is retried a few times, then reported.
      if (attempt >= 3)
        throw new Error(`creating ${accid}: code ${reply.code} ${reply.desc ?? ''}`);
    }
  });
}

/** Calls one signed server action (`/nimserver/<action>.action`) and returns its reply. */
export async function nimAction(
  server: MorselServer,
  action: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/nimserver/${action}.action`, {
    method: 'POST',
    headers: signedHeaders(),
    body: new URLSearchParams(params).toString(),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  if (reply.code !== 200) throw new Error(`${action}: ${JSON.stringify(reply)}`);
  return reply;
}
