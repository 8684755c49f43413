// Closing the server in bounded time. Fastify's close waits for every request in flight, so one
// client reading a download slowly (or never) would hold a SIGTERM for ever, and a restart with
// it. Requests get `graceMs` to finish; then their connections are cut. Each step of the close is
// timed, and one that takes long is named in the log, so a slow shutdown says where it waited.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../log.ts';

/** A step this slow is logged (a close normally takes milliseconds). */
const SLOW_STEP_MS = 2_000;

/** Closes Fastify (its onClose hooks included), cutting connections still open after `graceMs`. */
export async function closeHttpWithin(http: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => http.server.closeAllConnections(), graceMs);
  try {
    await http.close();
  } finally {
    clearTimeout(cut);
  }
}

export interface UpgradedSockets {
  /** How many are open now. */
  readonly size: number;
  /**
   * Waits until every upgraded socket has closed, at most `ms`, then destroys those still open;
   * resolves to how many were cut.
   */
  closeWithin(ms: number): Promise<number>;
}

/**
 * Keeps the sockets handed to the server's `upgrade` listeners (the IM and chatroom links, the
 * NIM dialect's WebSocket). Node's `server.close()` waits for them as for any connection, but
 * `closeAllConnections()` does not know them once upgraded, and a WebSocket close waits up to
 * 30 s for the client's answer: with 10,000 clients that wait held a restart for seconds
 * (docs/benchmarks.md, issue 24, sixth pass). The links are told to go first (a silent kick),
 * then given a short time to close before they are cut.
 */
export function trackUpgradedSockets(server: Server): UpgradedSockets {
  const open = new Set<Duplex>();
  let whenEmpty: (() => void) | undefined;
  server.on('upgrade', (_request, socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) whenEmpty?.();
    });
  });
  return {
    get size() {
      return open.size;
    },
    async closeWithin(ms) {
      if (open.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          whenEmpty = resolve;
          timer = setTimeout(resolve, ms);
        });
        clearTimeout(timer);
        whenEmpty = undefined;
      }
      const left = open.size;
      for (const socket of open) socket.destroy();
      return left;
    },
  };
}

/**
 * Runs the close steps in order, logging how long each took (info; warn when slow), as it ends:
 * a stop cut short by SIGKILL still shows where it was.
 */
export async function closeInSteps(
  log: Logger,
  steps: ReadonlyArray<readonly [name: string, close: () => Promise<void> | undefined]>,
): Promise<void> {
  for (const [name, close] of steps) {
    const started = performance.now();
    await close();
    const ms = Math.round(performance.now() - started);
    if (ms >= SLOW_STEP_MS) log.warn({ step: name, ms }, 'shutdown step was slow');
    else log.info({ step: name, ms }, 'shutdown step done');
  }
}
