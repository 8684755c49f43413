// The parent side of the load generator: several worker processes (each under the per-process
// open-files limit), each with its share of the accounts, driven in lockstep over IPC.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { HeldDialect } from './held-connection.ts';
import type { FromWorker, ToWorker } from './load-worker.ts';
import { forkWorker, stop } from './processes.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-worker.ts');

type Worker = ChildProcess & { output: () => string };

export interface FleetOptions {
  workers: number;
  url: string;
  dialect: HeldDialect;
  appKey: string;
  localAddresses: string[];
  /** Connection attempts in flight per worker. */
  concurrency: number;
  timeoutMs: number;
  label: string;
}

export interface OpenResult {
  opened: number;
  failed: number;
  errors: string[];
  elapsedMs: number;
  loginMs: number[];
}

export interface HoldResult {
  rttMs: number[];
  unanswered: number;
  open: number;
  droppedDuringHold: number;
}

function next<T extends FromWorker['type']>(
  worker: Worker,
  type: T,
  timeoutMs: number,
): Promise<Extract<FromWorker, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`worker: no '${type}' within ${timeoutMs} ms\n${worker.output()}`)),
      timeoutMs,
    );
    const onMessage = (message: FromWorker) => {
      if (message.type === type) done(undefined, message as Extract<FromWorker, { type: T }>);
    };
    const onExit = (code: number | null) =>
      done(new Error(`worker exited (${code}) waiting for '${type}'\n${worker.output()}`));
    function done(error?: Error, message?: Extract<FromWorker, { type: T }>) {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

export class LoadFleet {
  private constructor(
    private readonly workers: Worker[],
    private readonly options: FleetOptions,
  ) {}

  static async start(options: FleetOptions): Promise<LoadFleet> {
    const workers = Array.from({ length: options.workers }, (_, i) =>
      forkWorker(WORKER, {
        label: `${options.label}-${i}`,
        nodeArgs: ['--max-old-space-size=4096'],
      }),
    );
    const fleet = new LoadFleet(workers, options);
    await Promise.all(workers.map((w) => next(w, 'ready', 60_000)));
    return fleet;
  }

  get pids(): number[] {
    return this.workers.map((w) => w.pid!).filter(Boolean);
  }

  /** Opens one connection per account, split evenly over the workers; `onProgress` every second. */
  async open(
    accounts: { accid: string; token: string }[],
    timeoutMs: number,
    onProgress?: (opened: number) => void,
  ): Promise<OpenResult> {
    const counts = new Array<number>(this.workers.length).fill(0);
    const listeners = this.workers.map((worker, i) => {
      const listener = (message: FromWorker) => {
        if (message.type !== 'progress') return;
        counts[i] = message.opened;
        if (i === 0) onProgress?.(counts.reduce((a, b) => a + b, 0));
      };
      worker.on('message', listener);
      return listener;
    });
    const replies = await Promise.all(
      this.workers.map((worker, i) => {
        const share = accounts.filter((_, index) => index % this.workers.length === i);
        const reply = next(worker, 'opened', timeoutMs);
        const message: ToWorker = {
          type: 'start',
          url: this.options.url,
          dialect: this.options.dialect,
          appKey: this.options.appKey,
          accounts: share,
          // Every worker rotates over all source addresses; the kernel keeps ports unique.
          localAddresses: this.options.localAddresses,
          concurrency: this.options.concurrency,
          timeoutMs: this.options.timeoutMs,
        };
        worker.send(message);
        return reply;
      }),
    );
    this.workers.forEach((worker, i) => worker.off('message', listeners[i]!));
    const startedAt = Math.min(...replies.map((r) => r.startedAt));
    const endedAt = Math.max(...replies.map((r) => r.endedAt));
    return {
      opened: replies.reduce((sum, r) => sum + r.opened, 0),
      failed: replies.reduce((sum, r) => sum + r.failed, 0),
      errors: replies.flatMap((r) => r.errors),
      elapsedMs: endedAt - startedAt,
      loginMs: replies.flatMap((r) => r.loginMs),
    };
  }

  async hold(durationMs: number, heartbeatIntervalMs: number): Promise<HoldResult> {
    const replies = await Promise.all(
      this.workers.map((worker) => {
        const reply = next(worker, 'held', durationMs + 60_000);
        worker.send({ type: 'hold', durationMs, heartbeatIntervalMs } satisfies ToWorker);
        return reply;
      }),
    );
    return {
      rttMs: replies.flatMap((r) => r.rttMs),
      unanswered: replies.reduce((sum, r) => sum + r.unanswered, 0),
      open: replies.reduce((sum, r) => sum + r.open, 0),
      droppedDuringHold: replies.reduce((sum, r) => sum + r.droppedDuringHold, 0),
    };
  }

  /** Closes every connection and stops the workers (killing any that do not answer). */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.connected) {
          worker.send({ type: 'close' } satisfies ToWorker);
          await next(worker, 'closed', 30_000).catch(() => undefined);
        }
        await stop(worker);
      }),
    );
  }
}
