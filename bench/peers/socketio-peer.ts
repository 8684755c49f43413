// Starts and stops the Socket.IO peer server as a separate process.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { freePort, startNode, stop, waitUntil } from '../lib/processes.ts';
import { peerAccid, peerToken } from './socketio-accounts.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'socketio-server.ts');

export interface SocketIoPeer {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess & { output: () => string };
  accounts(count: number): { accid: string; token: string }[];
  /** Stops the process and starts a new one on the same port with the same accounts. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSocketIoPeer(accountCount: number): Promise<SocketIoPeer> {
  const port = await freePort();
  const secret = randomBytes(16).toString('hex');
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const started = startNode(SCRIPT, [], {
      label: 'socket.io',
      nodeArgs: ['--max-old-space-size=8192'],
      env: {
        PORT: String(port),
        BENCH_SIO_SECRET: secret,
        BENCH_SIO_ACCOUNTS: String(accountCount),
      },
    });
    await waitUntil('Socket.IO peer', async () => (await fetch(`${url}/healthz`)).ok, {
      timeoutMs: 30_000,
      child: started,
    });
    return started;
  };
  let child = await launch();
  return {
    url,
    get pid() {
      return child.pid!;
    },
    get child() {
      return child;
    },
    async restart() {
      await stop(child);
      child = await launch();
    },
    accounts: (count) =>
      Array.from({ length: count }, (_, i) => ({
        accid: peerAccid(i),
        token: peerToken(secret, peerAccid(i)),
      })),
    stop: () => stop(child),
  };
}
