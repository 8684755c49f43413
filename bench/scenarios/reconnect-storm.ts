// A reconnect storm: N logged-in, synced clients, then the server process is stopped and started
// again on the same port and data, so every client drops at once; time until all are back and
// (Morsel) synced again. Clients reconnect the way the SDK does (500 ms x 2^(n-1), capped at 16 s,
// up to 20 % jitter) and sync from the timetags they last got. Peer: the Socket.IO server
// restarted the same way, its clients reconnecting with the same policy (no sync to run).
import { ImFleet } from '../lib/im-fleet.ts';
import { nowMs } from '../lib/im-link.ts';
import { startCpuWindow } from '../lib/cpu-window.ts';
import { createAccounts, startMorselServer } from '../lib/morsel-server.ts';
import { listenOverflows, openFilesLimit } from '../lib/proc-memory.ts';
import { sleep } from '../lib/processes.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';
import { startSocketIoPeer } from '../peers/socketio-peer.ts';
import { intOption, type Scenario } from './types.ts';

const SOURCES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const PEER = 'Socket.IO 4';
const FD_RESERVE = 400;

interface Side {
  clients: number;
  dropped: number;
  /** From the stop signal until the new process answered its health check. */
  restartMs: number;
  /** From the stop signal until every client was back (and synced). */
  allBackMs: number;
  /** Per client, from the stop signal until it was back (and synced). */
  backMs: number[];
  missing: number;
  errors: string[];
  /** Server CPU from the moment the new process answered until all were back. */
  serverCpuSeconds: number;
  serverCpu: number;
  /** Load generator (worker processes) and everything else, fractions of a core, same window. */
  loadCpu: number;
  otherCpu: number;
  /** Connections the kernel dropped because a listen queue was full (whole machine). */
  listenOverflows: number;
}

async function storm(
  fleet: ImFleet,
  expected: number,
  restart: () => Promise<void>,
  serverPid: () => number,
  limitMs: number,
  log: (l: string) => void,
): Promise<Omit<Side, 'clients'>> {
  const overflows0 = await listenOverflows();
  const t0 = nowMs();
  await restart();
  const restartMs = nowMs() - t0;
  log(`server answering again after ${restartMs.toFixed(0)} ms`);
  const stopCpu = await startCpuWindow(serverPid(), fleet.pids);
  const deadline = Date.now() + limitMs;
  let status = await fleet.status();
  while (Date.now() < deadline && (status.backAt.length < expected || status.synced < expected)) {
    await sleep(250);
    status = await fleet.status();
  }
  const cpu = await stopCpu();
  const backMs = status.backAt.map((t) => t - t0);
  return {
    listenOverflows: (await listenOverflows()) - overflows0,
    serverCpuSeconds: cpu.serverSeconds,
    serverCpu: cpu.server,
    loadCpu: cpu.load,
    otherCpu: cpu.other,
    dropped: status.dropped,
    restartMs,
    allBackMs: backMs.length >= expected ? Math.max(...backMs) : NaN,
    backMs,
    missing: Math.max(0, expected - status.synced),
    errors: status.errors,
  };
}

export const reconnectStorm: Scenario = {
  name: 'reconnect-storm',
  summary:
    'every client dropped at once (server stopped and restarted on the same port and data): time until all are back and synced',
  options: {
    clients: '10000',
    workers: '2',
    seconds: '300 (time limit for the storm)',
    peer: 'socketio (or none)',
  },
  async run(options, log): Promise<ScenarioResult> {
    const limit = await openFilesLimit(process.pid);
    const clients = Math.min(intOption(options, 'clients', 10_000), limit - FD_RESERVE);
    const workers = intOption(options, 'workers', 2);
    const limitMs = intOption(options, 'seconds', 300) * 1000;

    const server = await startMorselServer();
    let ours: Side;
    try {
      const accounts = await createAccounts(server, clients, 'storm', 64);
      const fleet = await ImFleet.start(workers, 'storm');
      try {
        const opened = await fleet.open(accounts, {
          url: server.url,
          dialect: 'morsel',
          appKey: server.appKey,
          localAddresses: SOURCES,
          concurrency: 32,
          sync: true,
          reconnectUntil: Date.now() + 3_600_000,
        });
        log(
          `morsel: ${opened.opened} clients logged in and synced (${opened.failed} failed); restarting the server`,
        );
        const result = await storm(
          fleet,
          opened.opened,
          () => server.restart(),
          () => server.pid,
          limitMs,
          log,
        );
        ours = { clients: opened.opened, ...result };
        const halves = server.lastRestart;
        if (halves)
          log(
            `morsel: the restart was ${halves.stopMs.toFixed(0)} ms to exit on SIGTERM, then ${halves.startMs.toFixed(0)} ms from spawn to /healthz`,
          );
        log(`morsel: all back and synced after ${result.allBackMs.toFixed(0)} ms`);
        for (const error of result.errors) log(`morsel: reconnect attempts failed: ${error}`);
      } finally {
        await fleet.close();
      }
    } finally {
      await server.stop();
    }

    let peer: Side | undefined;
    if (options.peer !== 'none') {
      const io = await startSocketIoPeer(clients);
      try {
        const fleet = await ImFleet.start(workers, 'storm-sio');
        try {
          const opened = await fleet.open(io.accounts(clients), {
            url: io.url,
            dialect: 'socketio',
            appKey: '',
            localAddresses: SOURCES,
            concurrency: 32,
            sync: false,
            reconnectUntil: Date.now() + 3_600_000,
          });
          log(`socket.io: ${opened.opened} sockets connected; restarting the server`);
          const result = await storm(
            fleet,
            opened.opened,
            () => io.restart(),
            () => io.pid,
            limitMs,
            log,
          );
          peer = { clients: opened.opened, ...result };
          for (const error of result.errors) log(`socket.io: reconnect attempts failed: ${error}`);
        } finally {
          await fleet.close();
        }
      } finally {
        await io.stop();
      }
    }

    const row = rowMaker(ours, { [PEER]: peer });
    return {
      scenario: 'reconnect-storm',
      title: `${clients.toLocaleString('en-US')} clients dropped at once by a server restart`,
      peers: [PEER],
      rows: [
        row('clients connected before', 'count', 'info', (s) => s.clients),
        row('clients dropped', 'count', 'info', (s) => s.dropped),
        row('server stop + start until it answers', 'ms', 'lower', (s) => s.restartMs),
        row('all clients back (Morsel: and synced)', 'ms', 'lower', (s) => s.allBackMs),
        row('back after the server answered', 'ms', 'lower', (s) => s.allBackMs - s.restartMs),
        row('client back p50', 'ms', 'lower', (s) => summarize(s.backMs).p50),
        row('client back p99', 'ms', 'lower', (s) => summarize(s.backMs).p99),
        row('clients not back within the limit', 'count', 'lower', (s) => s.missing),
        row('listen-queue overflows (whole machine)', 'count', 'lower', (s) => s.listenOverflows),
        row('server CPU while they came back', '% of a core', 'info', (s) => s.serverCpu * 100),
        row('load generator CPU meanwhile', '% of a core', 'info', (s) => s.loadCpu * 100),
        row('other processes CPU meanwhile', '% of a core', 'info', (s) => s.otherCpu * 100),
        row(
          'server CPU time per client back',
          'ms',
          'lower',
          (s) => (s.serverCpuSeconds * 1000) / Math.max(1, s.backMs.length),
        ),
      ],
      notes: [
        'Times are from the stop signal (SIGTERM) to the old process. Our server restarts as `npm start` runs it (the built `apps/server/dist/main.js`, route schemas compiled on first use) on the same SQLite data; the peer restarts the same way with its in-memory accounts.',
        "Clients are lean clients in worker processes that reconnect on a drop with the SDK's policy (first attempt after 500 ms, doubling to 16 s, up to 20 % jitter) until they are back, so the time includes waiting out that back-off while the server is down; Morsel clients then run the sync from their last timetags (accounts with no messages: the sync is sessions, receipts, teams... all empty).",
        'A graceful stop of our server sends every client a silent kick first; the lean clients treat it like any drop.',
        '"clients dropped" counts drops, so a client dropped again after coming back counts twice. Listen-queue overflows are the kernel\'s TcpExt ListenOverflows counter over the storm (the whole machine, other work included): each is a connection attempt refused because the server had not accepted the earlier ones yet, which the client\'s TCP retries after 1, 3, 7… s.',
      ],
      details: {
        ours: { ...ours, backMs: summarize(ours.backMs) },
        peer: peer && { ...peer, backMs: summarize(peer.backMs) },
      },
    };
  },
};
