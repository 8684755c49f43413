// The parent side of room-worker.ts: several receiving processes sharing one room's members,
// asked over IPC; their counts and latency histograms merged.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
// Types only: importing a value would run the worker's module in this process.
import type { FromRoomWorker, RoomWorkerOpen, ToRoomWorker } from './room-worker.ts';
import { forkWorker, stop } from './processes.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'room-worker.ts');
type Worker = ChildProcess & { output: () => string };
type Reply<T extends FromRoomWorker['type']> = Extract<FromRoomWorker, { type: T }>;

function next<T extends FromRoomWorker['type']>(
  worker: Worker,
  type: T,
  timeoutMs: number,
): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`room worker: no '${type}' within ${timeoutMs} ms\n${worker.output()}`)),
      timeoutMs,
    );
    const onMessage = (message: FromRoomWorker) => {
      if (message.type === type) done(undefined, message as Reply<T>);
    };
    const onExit = (code: number | null) =>
      done(new Error(`room worker exited (${code}) waiting for '${type}'\n${worker.output()}`));
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

export interface RoomTally {
  online: number;
  dropped: number;
  /** Deliveries counted per message sequence number, all workers together. */
  counts: Uint32Array;
  /** Deliveries by latency in whole ms (the last bucket: that long or longer). */
  histogram: Float64Array;
  deliveries: number;
}

/** The p-th percentile (0..100) of a histogram of whole ms, by nearest rank. */
export function histogramPercentile(histogram: ArrayLike<number>, p: number): number {
  let total = 0;
  for (let i = 0; i < histogram.length; i++) total += histogram[i]!;
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= rank) return i;
  }
  return histogram.length - 1;
}

export class RoomFleet {
  private constructor(private readonly workers: Worker[]) {}

  static async start(count: number, label: string): Promise<RoomFleet> {
    const workers = Array.from({ length: count }, (_, i) =>
      forkWorker(WORKER, { label: `${label}-${i}`, nodeArgs: ['--max-old-space-size=4096'] }),
    );
    await Promise.all(workers.map((w) => next(w, 'ready', 60_000)));
    return new RoomFleet(workers);
  }

  get pids(): number[] {
    return this.workers.map((w) => w.pid!).filter(Boolean);
  }

  /** Opens `options.count` members split between the workers (accounts split alike). */
  async open(options: Omit<RoomWorkerOpen, 'type'>, timeoutMs = 900_000) {
    const n = this.workers.length;
    const replies = await Promise.all(
      this.workers.map((worker, i) => {
        const reply = next(worker, 'opened', timeoutMs);
        const count = Math.floor(options.count / n) + (i < options.count % n ? 1 : 0);
        const accounts = options.accounts?.filter((_, index) => index % n === i);
        worker.send({
          ...options,
          type: 'open',
          count,
          ...(accounts && { accounts }),
        } satisfies ToRoomWorker);
        return reply;
      }),
    );
    return {
      opened: replies.reduce((s, r) => s + r.opened, 0),
      failed: replies.reduce((s, r) => s + r.failed, 0),
      errors: replies.flatMap((r) => r.errors),
    };
  }

  async collect(): Promise<RoomTally> {
    const replies = await Promise.all(
      this.workers.map((worker) => {
        const reply = next(worker, 'collected', 60_000);
        worker.send({ type: 'collect' } satisfies ToRoomWorker);
        return reply;
      }),
    );
    const counts = new Uint32Array(replies[0]?.counts.length ?? 0);
    const histogram = new Float64Array(replies[0]?.histogram.length ?? 0);
    for (const reply of replies) {
      reply.counts.forEach((c, i) => (counts[i]! += c));
      reply.histogram.forEach((c, i) => (histogram[i]! += c));
    }
    return {
      online: replies.reduce((s, r) => s + r.online, 0),
      dropped: replies.reduce((s, r) => s + r.dropped, 0),
      deliveries: replies.reduce((s, r) => s + r.deliveries, 0),
      counts,
      histogram,
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.connected) {
          worker.send({ type: 'close' } satisfies ToRoomWorker);
          await next(worker, 'closed', 30_000).catch(() => undefined);
        }
        await stop(worker);
      }),
    );
  }
}
