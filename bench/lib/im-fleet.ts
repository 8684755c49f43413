// The parent side of im-worker.ts: several receiving processes, each with its share of the
// accounts (each under the per-process open-files limit), asked over IPC.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { FromImWorker, ImWorkerOpen, ToImWorker } from './im-worker.ts';
import { forkWorker, stop } from './processes.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'im-worker.ts');
type Worker = ChildProcess & { output: () => string };
type Reply<T extends FromImWorker['type']> = Extract<FromImWorker, { type: T }>;

function next<T extends FromImWorker['type']>(
  worker: Worker,
  type: T,
  timeoutMs: number,
  key?: string,
): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`im worker: no '${type}' within ${timeoutMs} ms\n${worker.output()}`)),
      timeoutMs,
    );
    const onMessage = (message: FromImWorker) => {
      if (message.type === type && (key === undefined || (message as { key?: string }).key === key))
        done(undefined, message as Reply<T>);
    };
    const onExit = (code: number | null) =>
      done(new Error(`im worker exited (${code}) waiting for '${type}'\n${worker.output()}`));
    function done(error?: Error, message?: Reply<T>) {
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

export type FleetOpen = Omit<ImWorkerOpen, 'type' | 'accounts'>;

export class ImFleet {
  private constructor(private readonly workers: Worker[]) {}

  static async start(count: number, label: string): Promise<ImFleet> {
    const workers = Array.from({ length: count }, (_, i) =>
      forkWorker(WORKER, { label: `${label}-${i}`, nodeArgs: ['--max-old-space-size=4096'] }),
    );
    await Promise.all(workers.map((w) => next(w, 'ready', 60_000)));
    return new ImFleet(workers);
  }

  get pids(): number[] {
    return this.workers.map((w) => w.pid!).filter(Boolean);
  }

  private ask<T extends FromImWorker['type']>(
    message: ToImWorker,
    type: T,
    timeoutMs: number,
    key?: string,
  ) {
    return Promise.all(
      this.workers.map((worker) => {
        const reply = next(worker, type, timeoutMs, key);
        worker.send(message);
        return reply;
      }),
    );
  }

  async open(
    accounts: { accid: string; token: string }[],
    options: FleetOpen,
    timeoutMs = 600_000,
  ) {
    const replies = await Promise.all(
      this.workers.map((worker, i) => {
        const reply = next(worker, 'opened', timeoutMs);
        const share = accounts.filter((_, index) => index % this.workers.length === i);
        worker.send({ type: 'open', ...options, accounts: share } satisfies ToImWorker);
        return reply;
      }),
    );
    return {
      opened: replies.reduce((s, r) => s + r.opened, 0),
      failed: replies.reduce((s, r) => s + r.failed, 0),
      errors: replies.flatMap((r) => r.errors),
    };
  }

  /** Resolves with the time the last client received `key` (rejects after `timeoutMs`). */
  async complete(key: string, timeoutMs: number): Promise<number> {
    const replies = await this.ask({ type: 'expect', key }, 'complete', timeoutMs, key);
    return Math.max(...replies.map((r) => r.lastAt));
  }

  /** Every arrival time by key since the last collect. */
  async collect(): Promise<Map<string, number[]>> {
    const replies = await this.ask({ type: 'collect' }, 'collected', 60_000);
    const merged = new Map<string, number[]>();
    for (const reply of replies)
      for (const [key, times] of Object.entries(reply.arrivals))
        merged.set(key, [...(merged.get(key) ?? []), ...times]);
    return merged;
  }

  async status() {
    const replies = await this.ask({ type: 'status' }, 'status', 30_000);
    return {
      online: replies.reduce((s, r) => s + r.online, 0),
      synced: replies.reduce((s, r) => s + r.synced, 0),
      dropped: replies.reduce((s, r) => s + r.dropped, 0),
      backAt: replies.flatMap((r) => r.backAt),
      errors: replies.flatMap((r) => r.errors),
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.connected) {
          worker.send({ type: 'close' } satisfies ToImWorker);
          await next(worker, 'closed', 30_000).catch(() => undefined);
        }
        await stop(worker);
      }),
    );
  }
}
