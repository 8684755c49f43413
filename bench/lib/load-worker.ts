// A load-generator process (forked by load-fleet.ts): opens its share of held connections with a
// bounded number in flight, then keeps them alive and sends heartbeats at a steady rate while
// recording round trips, then closes them. It talks to the parent over IPC only.
import { openHeld, type HeldConnection, type HeldDialect } from './held-connection.ts';

export interface WorkerStart {
  type: 'start';
  url: string;
  dialect: HeldDialect;
  appKey: string;
  accounts: { accid: string; token: string }[];
  localAddresses: string[];
  concurrency: number;
  timeoutMs: number;
}

export interface WorkerHold {
  type: 'hold';
  durationMs: number;
  /** Each connection sends one heartbeat per interval, spread evenly across the interval. */
  heartbeatIntervalMs: number;
}

export type ToWorker = WorkerStart | WorkerHold | { type: 'close' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; opened: number }
  | {
      type: 'opened';
      startedAt: number;
      endedAt: number;
      opened: number;
      failed: number;
      errors: string[];
      loginMs: number[];
    }
  | { type: 'held'; rttMs: number[]; unanswered: number; open: number; droppedDuringHold: number }
  | { type: 'closed' };

const clients: HeldConnection[] = [];
let dropped = 0;
const send = (message: FromWorker) => process.send!(message);

async function openAll(start: WorkerStart): Promise<void> {
  const loginMs: number[] = [];
  const errors = new Map<string, number>();
  let failed = 0;
  let next = 0;
  const startedAt = Date.now();
  const progress = setInterval(() => send({ type: 'progress', opened: clients.length }), 1000);
  const lane = async () => {
    while (next < start.accounts.length) {
      const index = next++;
      const account = start.accounts[index]!;
      const began = performance.now();
      try {
        const client = await openHeld({
          url: start.url,
          localAddress: start.localAddresses[index % start.localAddresses.length]!,
          dialect: start.dialect,
          appKey: start.appKey,
          accid: account.accid,
          token: account.token,
          timeoutMs: start.timeoutMs,
          onDrop: () => dropped++,
        });
        loginMs.push(performance.now() - began);
        clients.push(client);
      } catch (error) {
        failed++;
        const message = (error as Error).message;
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: start.concurrency }, lane));
  clearInterval(progress);
  send({
    type: 'opened',
    startedAt,
    endedAt: Date.now(),
    opened: clients.length,
    failed,
    errors: [...errors].map(([message, count]) => `${count} x ${message}`).slice(0, 10),
    loginMs,
  });
}

async function hold(command: WorkerHold): Promise<void> {
  const rttMs: number[] = [];
  const droppedBefore = dropped;
  const tickMs = 50;
  // Connections due per tick, carried as a fraction so the rate is exact over the interval.
  const perTick = (clients.length * tickMs) / command.heartbeatIntervalMs;
  let credit = 0;
  let cursor = 0;
  let unanswered = 0;
  const record = (rtt: number) => rttMs.push(rtt);
  await new Promise<void>((resolve) => {
    const ticker = setInterval(() => {
      credit += perTick;
      while (credit >= 1 && clients.length > 0) {
        credit -= 1;
        const client = clients[cursor++ % clients.length]!;
        if (!client.closed && client.heartbeatPending) unanswered++;
        client.heartbeat(record);
      }
    }, tickMs);
    setTimeout(() => {
      clearInterval(ticker);
      resolve();
    }, command.durationMs);
  });
  // Give the last heartbeats a moment to come back before counting.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const open = clients.filter((c) => !c.closed).length;
  unanswered += clients.filter((c) => !c.closed && c.heartbeatPending).length;
  send({ type: 'held', rttMs, unanswered, open, droppedDuringHold: dropped - droppedBefore });
}

process.on('message', (message: ToWorker) => {
  const run = async () => {
    if (message.type === 'start') await openAll(message);
    else if (message.type === 'hold') await hold(message);
    else {
      for (const client of clients) client.close();
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 100);
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`load worker failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
});
// The parent going away (even by SIGKILL) must not leave this process holding sockets.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
