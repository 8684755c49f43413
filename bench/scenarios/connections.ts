// Idle logged-in connections held by one server process with heartbeats flowing: login rate,
// memory per connection, heartbeat round trips at full load. Peers: a plain Socket.IO 4 server
// with a token-check middleware, driven by the same lean Engine.IO client (so client cost is the
// same), and ejabberd, driven by the lean XMPP client (SASL PLAIN login, XEP-0199 ping as the
// heartbeat), each holding the same number of connections.
import type { HeldDialect } from '../lib/held-connection.ts';
import { LoadFleet, type HoldResult, type OpenResult } from '../lib/load-fleet.ts';
import { startMorselServer, createAccounts } from '../lib/morsel-server.ts';
import {
  cpuSeconds,
  kib,
  machineBusySeconds,
  mib,
  openFiles,
  openFilesLimit,
  processMemory,
} from '../lib/proc-memory.ts';
import { sleep } from '../lib/processes.ts';
import { rowMaker, type MetricRow, type ScenarioResult } from '../lib/report.ts';
import { mapLimit, summarize } from '../lib/stats.ts';
import { startEjabberd } from '../peers/ejabberd.ts';
import { startSocketIoPeer } from '../peers/socketio-peer.ts';
import { XmppClient } from '../peers/xmpp-client.ts';
import { intOption, type Scenario, type ScenarioOptions } from './types.ts';

const GOAL = 100_000;
/** File descriptors a server process needs besides its connections (store, listener, stdio…). */
const FD_RESERVE = 400;
/** Let a process settle (timers, lazy allocations) before reading its memory. */
const SETTLE_MS = 3000;
const MAX_PER_WORKER = 15_000;

interface Settings {
  requested: number;
  holdMs: number;
  heartbeatMs: number;
  concurrency: number;
  sourceAddresses: string[];
  workers: number;
}

interface SideResult {
  target: number;
  rssIdle: number;
  rssBefore: number;
  rssLoggedIn: number;
  rssAfter: number;
  peakRss: number;
  open: OpenResult;
  hold: HoldResult;
  cpuDuringHold: number;
  cpuDuringOpen: number;
  loadCpuDuringOpen: number;
  otherCpuDuringOpen: number;
  fdsHeld: number;
}

/** Where the load workers connect: the Engine.IO URL of an HTTP server, or ejabberd's port. */
function fleetUrl(url: string, dialect: HeldDialect): string {
  if (dialect === 'xmpp') return url;
  const ws = url.replace('http', 'ws');
  return dialect === 'morsel'
    ? `${ws}/im/link/?EIO=4&transport=websocket`
    : `${ws}/socket.io/?EIO=4&transport=websocket`;
}

async function measureSide(
  label: string,
  pid: number,
  url: string,
  dialect: HeldDialect,
  appKey: string,
  accounts: { accid: string; token: string }[],
  settings: Settings,
  rssIdle: number,
  log: (line: string) => void,
): Promise<SideResult> {
  await sleep(SETTLE_MS);
  const before = await processMemory(pid);
  const fleet = await LoadFleet.start({
    // Each worker stays well under the per-process open-files limit.
    workers: Math.max(settings.workers, Math.ceil(accounts.length / MAX_PER_WORKER)),
    url: fleetUrl(url, dialect),
    dialect,
    appKey,
    localAddresses: settings.sourceAddresses,
    concurrency: settings.concurrency,
    timeoutMs: 60_000,
    label,
  });
  try {
    log(`${label}: opening ${accounts.length} connections`);
    const cpuBeforeOpen = await cpuSeconds(pid);
    const fleetCpu = async () =>
      (await Promise.all(fleet.pids.map(cpuSeconds))).reduce((a, b) => a + b, 0);
    const fleetCpuBeforeOpen = await fleetCpu();
    const machineBeforeOpen = await machineBusySeconds();
    const open = await fleet.open(accounts, 15 * 60_000, (n) => log(`${label}: ${n} open`));
    const cpuDuringOpen = ((await cpuSeconds(pid)) - cpuBeforeOpen) / (open.elapsedMs / 1000);
    const loadCpuDuringOpen = ((await fleetCpu()) - fleetCpuBeforeOpen) / (open.elapsedMs / 1000);
    // Whatever else ran on the machine meanwhile (other users of a shared machine, the kernel).
    const otherCpuDuringOpen = Math.max(
      0,
      ((await machineBusySeconds()) - machineBeforeOpen) / (open.elapsedMs / 1000) -
        cpuDuringOpen -
        loadCpuDuringOpen,
    );
    log(
      `${label}: ${open.opened} open, ${open.failed} failed in ${(open.elapsedMs / 1000).toFixed(1)} s`,
    );
    for (const error of open.errors) log(`${label}: ${error}`);
    await sleep(SETTLE_MS);
    const loggedIn = await processMemory(pid);
    const fdsHeld = await openFiles(pid);
    log(
      `${label}: holding for ${settings.holdMs / 1000} s with heartbeats every ${settings.heartbeatMs / 1000} s`,
    );
    const cpuBefore = await cpuSeconds(pid);
    const hold = await fleet.hold(settings.holdMs, settings.heartbeatMs);
    const cpuDuringHold = ((await cpuSeconds(pid)) - cpuBefore) / ((settings.holdMs + 2000) / 1000);
    const after = await processMemory(pid);
    return {
      target: accounts.length,
      rssIdle,
      rssBefore: before.rss,
      rssLoggedIn: loggedIn.rss,
      rssAfter: after.rss,
      peakRss: after.peakRss,
      open,
      hold,
      cpuDuringHold,
      cpuDuringOpen,
      loadCpuDuringOpen,
      otherCpuDuringOpen,
      fdsHeld,
    };
  } finally {
    await fleet.close();
  }
}

function rows(ours: SideResult, peers: Record<string, SideResult>): MetricRow[] {
  const row = rowMaker(ours, peers);
  const perConnection = (s: SideResult) =>
    kib((s.rssAfter - s.rssBefore) / Math.max(1, s.hold.open));
  const loginSummary = (s: SideResult) => summarize(s.open.loginMs);
  const rttSummary = (s: SideResult) => summarize(s.hold.rttMs);
  return [
    row('connections logged in', 'count', 'higher', (s) => s.open.opened),
    row('connections still open after hold', 'count', 'higher', (s) => s.hold.open),
    row(
      'login rate (connect + auth)',
      'per s',
      'higher',
      (s) => (s.open.opened * 1000) / s.open.elapsedMs,
    ),
    row('server CPU during logins', '% of a core', 'info', (s) => s.cpuDuringOpen * 100),
    // CPU time per login is the figure least disturbed by other work on a shared machine.
    row(
      'server CPU time per login',
      'ms',
      'lower',
      (s) => (s.cpuDuringOpen * s.open.elapsedMs) / Math.max(1, s.open.opened),
    ),
    row(
      'load generator CPU during logins',
      '% of a core',
      'info',
      (s) => s.loadCpuDuringOpen * 100,
    ),
    row(
      'other processes CPU during logins',
      '% of a core',
      'info',
      (s) => s.otherCpuDuringOpen * 100,
    ),
    row('login latency p50', 'ms', 'lower', (s) => loginSummary(s).p50),
    row('login latency p99', 'ms', 'lower', (s) => loginSummary(s).p99),
    row('server RSS before connections', 'MiB', 'info', (s) => mib(s.rssBefore)),
    row('server RSS holding all, after hold', 'MiB', 'lower', (s) => mib(s.rssAfter)),
    row('memory per connection', 'kB', 'lower', perConnection),
    row('heartbeats answered during hold', 'count', 'info', (s) => s.hold.rttMs.length),
    row('heartbeat round trip p50', 'ms', 'lower', (s) => rttSummary(s).p50),
    row('heartbeat round trip p99', 'ms', 'lower', (s) => rttSummary(s).p99),
    row('heartbeats unanswered', 'count', 'lower', (s) => s.hold.unanswered),
    row('connections dropped during hold', 'count', 'lower', (s) => s.hold.droppedDuringHold),
    row('server CPU during hold', '% of a core', 'lower', (s) => s.cpuDuringHold * 100),
  ];
}

export const connections: Scenario = {
  name: 'connections',
  summary:
    'idle logged-in connections held by one server process: login rate, memory per connection, heartbeat RTT',
  options: {
    connections: `as many as the open-files limit allows, at most ${GOAL}`,
    'hold-seconds': '40',
    'heartbeat-seconds': '30',
    concurrency: '64 connection attempts in flight per load worker',
    workers: '4 load-generator processes (more if one would pass 15,000 connections)',
    'source-addresses': '4 (127.0.0.2, 127.0.0.3, ...)',
    peer: 'all (socketio, ejabberd, none)',
  },
  async run(options: ScenarioOptions, log): Promise<ScenarioResult> {
    const notes: string[] = [];
    const server = await startMorselServer();
    let ours: SideResult;
    let fdLimit: number;
    const addressCount = intOption(options, 'source-addresses', 4);
    const settings: Settings = {
      requested: 0,
      holdMs: intOption(options, 'hold-seconds', 40) * 1000,
      heartbeatMs: intOption(options, 'heartbeat-seconds', 30) * 1000,
      concurrency: intOption(options, 'concurrency', 64),
      workers: intOption(options, 'workers', 4),
      sourceAddresses: Array.from({ length: addressCount }, (_, i) => `127.0.0.${2 + i}`),
    };
    try {
      fdLimit = await openFilesLimit(server.pid);
      const fitting = Math.max(1, fdLimit - FD_RESERVE);
      const requested = intOption(options, 'connections', Math.min(GOAL, fitting));
      settings.requested = requested;
      if (requested < GOAL) {
        notes.push(
          `Ran ${requested.toLocaleString('en-US')} connections, not the goal of ${GOAL.toLocaleString('en-US')}: every process here ` +
            `may open at most ${fdLimit.toLocaleString('en-US')} files (hard RLIMIT_NOFILE, and the sandbox lacks CAP_SYS_RESOURCE to raise it), ` +
            'and each TCP connection is one file descriptor in the server process.',
        );
      }
      const rssIdle = (await processMemory(server.pid)).rss;
      log(`morsel: creating ${requested} accounts through /nimserver/user/create.action`);
      const createdAt = Date.now();
      const accounts = await createAccounts(server, requested);
      const createSeconds = (Date.now() - createdAt) / 1000;
      log(
        `morsel: ${accounts.length} accounts in ${createSeconds.toFixed(1)} s; restarting the server`,
      );
      await server.restart();
      ours = await measureSide(
        'morsel',
        server.pid,
        server.url,
        'morsel',
        server.appKey,
        accounts,
        settings,
        rssIdle,
        log,
      );
      notes.push(
        `Account creation through the REST API (not compared): ${(accounts.length / createSeconds).toFixed(0)} accounts/s.`,
      );
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\n--- server output ---\n${server.child.output()}`,
        { cause: error },
      );
    } finally {
      await server.stop();
    }

    const which = options.peer ?? 'all';
    const peers: Record<string, SideResult> = {};
    if (which === 'all' || which === 'socketio') {
      const socketIo = await startSocketIoPeer(settings.requested);
      try {
        const rssIdle = (await processMemory(socketIo.pid)).rss;
        peers['Socket.IO 4'] = await measureSide(
          'socket.io',
          socketIo.pid,
          socketIo.url,
          'socketio',
          '',
          socketIo.accounts(settings.requested),
          settings,
          rssIdle,
          log,
        );
      } finally {
        await socketIo.stop();
      }
    }
    if (which === 'all' || which === 'ejabberd') {
      const { name, side } = await ejabberdSide(settings, log);
      peers[name] = side;
      notes.push(
        `${name}: users registered in band (XEP-0077, not timed), each logged in over plain TCP with SASL PLAIN, resource binding ` +
          'and initial presence (its echo awaited); the heartbeat is an XMPP ping (XEP-0199) answered by mod_ping. ' +
          'Memory is the RSS of its Erlang VM (beam.smp).',
      );
    }

    notes.push(
      'Memory per connection = (server RSS after the hold - server RSS before the first connection) / connections open; ' +
        'RSS from /proc/<pid>/status, the server a separate process from the load generator. ' +
        'Our server is restarted between creating the accounts and the first connection, so its starting RSS is a fresh process.',
      'Morsel checks each login token against its SQLite store and registers presence and a bus subscription per account; ' +
        'the Socket.IO peer checks tokens in an in-memory Map and joins a room per user.',
      `Morsel and Socket.IO: Engine.IO over websocket, ping every 25 s; heartbeat = Morsel's link heartbeat frame / a Socket.IO event with ack / an XMPP ping for ejabberd, ` +
        `each connection once per ${settings.heartbeatMs / 1000} s during a ${settings.holdMs / 1000} s hold; load generator and servers share the 2 cores.`,
    );
    return {
      scenario: 'connections',
      title: `${settings.requested.toLocaleString('en-US')} logged-in connections held by one server process`,
      peers: Object.keys(peers),
      rows: rows(ours, peers),
      notes,
      details: {
        settings,
        fdLimit: fdLimit!,
        ours: strip(ours),
        peers: Object.fromEntries(Object.entries(peers).map(([name, side]) => [name, strip(side)])),
      },
    };
  },
};

/** ejabberd holding the same number of XMPP connections, users registered in band first. */
async function ejabberdSide(
  settings: Settings,
  log: (line: string) => void,
): Promise<{ name: string; side: SideResult }> {
  const ejabberd = await startEjabberd(log);
  try {
    const accounts = Array.from({ length: settings.requested }, (_, i) => ({
      accid: `bench${i}`,
      token: `pw${i}`,
    }));
    log(`ejabberd ${ejabberd.version}: registering ${accounts.length} users in band`);
    // Registration connections rotate over the source addresses too, so no address runs out
    // of ports while the closed ones sit in TIME_WAIT.
    await mapLimit(accounts, 64, (account, i) =>
      XmppClient.register(
        ejabberd.port,
        { user: account.accid, password: account.token },
        settings.sourceAddresses[i % settings.sourceAddresses.length],
      ),
    );
    const rssIdle = (await processMemory(ejabberd.pid)).rss;
    const side = await measureSide(
      'ejabberd',
      ejabberd.pid,
      `xmpp://127.0.0.1:${ejabberd.port}`,
      'xmpp',
      '',
      accounts,
      settings,
      rssIdle,
      log,
    );
    return { name: `ejabberd ${ejabberd.version}`, side };
  } finally {
    await ejabberd.stop();
  }
}

/** The JSON keeps summaries, not every sample. */
function strip(side: SideResult) {
  return {
    ...side,
    open: { ...side.open, loginMs: summarize(side.open.loginMs) },
    hold: { ...side.hold, rttMs: summarize(side.hold.rttMs) },
  };
}
