// Closing the server in bounded time. Fastify's close waits for every request in flight, so one
// client reading a download slowly (or never) would hold a SIGTERM for ever, and a restart with
// it. Requests get `graceMs` to finish; then their connections are cut. Each step of the close is
// timed, and one that takes long is named in the log, so a slow shutdown says where it waited.
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

/** Runs the close steps in order, logging each that was slow. */
export async function closeInSteps(
  log: Logger,
  steps: ReadonlyArray<readonly [name: string, close: () => Promise<void> | undefined]>,
): Promise<void> {
  for (const [name, close] of steps) {
    const started = performance.now();
    await close();
    const ms = Math.round(performance.now() - started);
    if (ms >= SLOW_STEP_MS) log.warn({ step: name, ms }, 'shutdown step was slow');
  }
}
