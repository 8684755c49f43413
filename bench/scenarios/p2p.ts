// One-to-one messaging: N pairs, each sending M messages one at a time (the next leaves when the
// previous has reached the recipient), through our server, ejabberd and a Socket.IO relay.
// Throughput and send-to-deliver latency, measured in this process for both ends of each pair.
import { ImLink, textMsg } from '../lib/im-link.ts';
import { LeanClient } from '../lib/lean-client.ts';
import { startCpuWindow, type CpuWindow } from '../lib/cpu-window.ts';
import { createAccounts, startMorselServer } from '../lib/morsel-server.ts';
import { mib, processMemory } from '../lib/proc-memory.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { mapLimit, summarize } from '../lib/stats.ts';
import { startEjabberd } from '../peers/ejabberd.ts';
import { startSocketIoPeer } from '../peers/socketio-peer.ts';
import { XmppClient } from '../peers/xmpp-client.ts';
import { intOption, type Scenario } from './types.ts';

/** One pair's transport: `send(seq)` from A to B; the scenario calls `delivered` on arrival. */
export interface PairLink {
  send(seq: number): void;
}

interface Side {
  delivered: number;
  latencyMs: number[];
  cpu: CpuWindow;
  rssMiB: number;
  errors: string[];
}

const WARMUP = 20;

/**
 * Drives every pair for `count` messages (one in flight per pair) or until `limitMs` passes.
 * `hook` receives the function the transports call on delivery: (pair, seq).
 */
export async function drive(
  pairs: PairLink[],
  count: number,
  limitMs: number,
  hook: (delivered: (pair: number, seq: number) => void) => void,
  firstSeq: number,
): Promise<{ latencyMs: number[]; delivered: number; elapsedMs: number }> {
  const sentAt = new Array<number>(pairs.length).fill(0);
  const expected = new Array<number>(pairs.length).fill(firstSeq);
  const latencyMs: number[] = [];
  let remaining = pairs.length;
  let stopped = false;
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      resolve({ latencyMs, delivered: latencyMs.length, elapsedMs: performance.now() - started });
    };
    const timer = setTimeout(finish, limitMs);
    const sendNext = (pair: number) => {
      sentAt[pair] = performance.now();
      pairs[pair]!.send(expected[pair]!);
    };
    hook((pair, seq) => {
      if (stopped || seq !== expected[pair]) return;
      latencyMs.push(performance.now() - sentAt[pair]!);
      expected[pair]++;
      if (expected[pair]! < firstSeq + count) sendNext(pair);
      else if (--remaining === 0) finish();
    });
    pairs.forEach((_, pair) => sendNext(pair));
  });
}

/** Warm-up round (not counted), then the measured round with CPU and memory around it. */
async function measure(
  pairs: PairLink[],
  count: number,
  limitMs: number,
  serverPid: number,
  hook: (delivered: (pair: number, seq: number) => void) => void,
): Promise<Side> {
  await drive(pairs, WARMUP, limitMs, hook, 0);
  const stopCpu = await startCpuWindow(serverPid);
  const run = await drive(pairs, count, limitMs, hook, WARMUP);
  const cpu = await stopCpu();
  cpu.elapsedMs = run.elapsedMs;
  return {
    delivered: run.delivered,
    latencyMs: run.latencyMs,
    cpu,
    rssMiB: mib((await processMemory(serverPid)).rss),
    errors: [],
  };
}

async function morselSide(
  pairCount: number,
  count: number,
  limitMs: number,
  log: (l: string) => void,
): Promise<Side> {
  const server = await startMorselServer();
  try {
    const accounts = await createAccounts(server, pairCount * 2, 'p2p');
    const errors = new Map<string, number>();
    let onDeliver: (pair: number, seq: number) => void = () => undefined;
    const links = await mapLimit(accounts, 16, async (account, index) => {
      const link = new ImLink({
        url: server.url,
        appKey: server.appKey,
        account,
        onPush: (name, body) => {
          if (name !== 'msg' || index % 2 === 0) return;
          const text = (body.msg as { text?: string }).text;
          onDeliver((index - 1) / 2, Number(text));
        },
      });
      await link.open();
      return link;
    });
    log(`morsel: ${links.length} connections logged in; ${pairCount} pairs x ${count} messages`);
    let run = 0;
    const pairs: PairLink[] = Array.from({ length: pairCount }, (_, pair) => ({
      send(seq) {
        const from = links[pair * 2]!;
        const to = links[pair * 2 + 1]!.accid;
        from
          .request('sendMsg', textMsg('p2p', to, String(seq), `b${run}-${seq}`))
          .catch((e: Error) => {
            errors.set(e.message, (errors.get(e.message) ?? 0) + 1);
          });
      },
    }));
    const hook = (d: typeof onDeliver) => {
      run++;
      onDeliver = d;
    };
    const side = await measure(pairs, count, limitMs, server.pid, hook);
    side.errors = [...errors].map(([m, c]) => `${c} x ${m}`);
    for (const link of links) link.close();
    return side;
  } finally {
    await server.stop();
  }
}

async function socketIoSide(
  pairCount: number,
  count: number,
  limitMs: number,
  log: (l: string) => void,
): Promise<Side> {
  const peer = await startSocketIoPeer(pairCount * 2);
  try {
    let onDeliver: (pair: number, seq: number) => void = () => undefined;
    const accounts = peer.accounts(pairCount * 2);
    const clients = await mapLimit(accounts, 16, async (account, index) => {
      const client = new LeanClient({
        url: `${peer.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
        localAddress: '127.0.0.1',
        dialect: 'socketio',
        appKey: '',
        accid: account.accid,
        token: account.token,
        timeoutMs: 30_000,
        onClose: () => undefined,
        onPacket: (packet) => {
          if (index % 2 === 0 || !packet.startsWith('2["msg",')) return;
          const payload = JSON.parse(packet.slice(1)) as [string, { s: number }];
          onDeliver((index - 1) / 2, payload[1].s);
        },
      });
      await client.open();
      return client;
    });
    log(`socket.io: ${clients.length} sockets connected`);
    const pairs: PairLink[] = Array.from({ length: pairCount }, (_, pair) => ({
      send(seq) {
        clients[pair * 2]!.send(
          `42${JSON.stringify(['relay', accounts[pair * 2 + 1]!.accid, { s: seq }])}`,
        );
      },
    }));
    const side = await measure(pairs, count, limitMs, peer.pid, (d) => (onDeliver = d));
    for (const client of clients) client.close();
    return side;
  } finally {
    await peer.stop();
  }
}

async function ejabberdSide(
  pairCount: number,
  count: number,
  limitMs: number,
  log: (l: string) => void,
  persist: boolean,
): Promise<{ side: Side; version: string }> {
  const peer = await startEjabberd(log, { persist });
  try {
    const accounts = Array.from({ length: pairCount * 2 }, (_, i) => ({
      user: `p2p${i}`,
      password: `pw${i}`,
    }));
    await mapLimit(accounts, 16, (account) => XmppClient.register(peer.port, account));
    let onDeliver: (pair: number, seq: number) => void = () => undefined;
    const clients = await mapLimit(accounts, 16, async (account, index) => {
      const client = await XmppClient.login(peer.port, account);
      if (index % 2 === 1)
        client.onMessage = (_from, body) => onDeliver((index - 1) / 2, Number(body));
      return client;
    });
    log(
      `ejabberd ${peer.version}: ${accounts.length} users registered in band and logged in (SASL PLAIN)`,
    );
    const pairs: PairLink[] = Array.from({ length: pairCount }, (_, pair) => ({
      send(seq) {
        clients[pair * 2]!.send(clients[pair * 2 + 1]!.jid, String(seq));
      },
    }));
    const side = await measure(pairs, count, limitMs, peer.pid, (d) => (onDeliver = d));
    for (const client of clients) client.close();
    const archived = await peer.archived();
    // Each message is archived for its sender and for its recipient.
    if (archived !== undefined) log(`ejabberd on SQLite: ${archived} rows in its message archive`);
    return { side, version: peer.version };
  } finally {
    await peer.stop();
  }
}

export const p2p: Scenario = {
  name: 'p2p',
  summary:
    'one-to-one messages, one in flight per pair: throughput and send-to-deliver latency vs ejabberd and a Socket.IO relay',
  options: {
    pairs: '50',
    messages: '200 per pair',
    seconds: '120 (time limit per side)',
    peer: 'all (ejabberd, ejabberd-sql, socketio, none)',
  },
  async run(options, log): Promise<ScenarioResult> {
    const pairCount = intOption(options, 'pairs', 50);
    const count = intOption(options, 'messages', 200);
    const limitMs = intOption(options, 'seconds', 120) * 1000;
    const which = options.peer ?? 'all';
    const ours = await morselSide(pairCount, count, limitMs, log);
    log(`morsel: ${ours.delivered} delivered in ${(ours.cpu.elapsedMs / 1000).toFixed(1)} s`);
    for (const error of ours.errors) log(`morsel: ${error}`);
    const peers: Record<string, Side> = {};
    let ejabberdName = 'ejabberd';
    if (which === 'all' || which === 'ejabberd') {
      const { side, version } = await ejabberdSide(pairCount, count, limitMs, log, false);
      ejabberdName = `ejabberd ${version}`;
      peers[ejabberdName] = side;
      log(`ejabberd: ${side.delivered} delivered in ${(side.cpu.elapsedMs / 1000).toFixed(1)} s`);
    }
    if (which === 'all' || which === 'ejabberd-sql') {
      const { side, version } = await ejabberdSide(pairCount, count, limitMs, log, true);
      peers[`ejabberd ${version} + SQL`] = side;
      log(
        `ejabberd on SQLite: ${side.delivered} delivered in ${(side.cpu.elapsedMs / 1000).toFixed(1)} s`,
      );
    }
    if (which === 'all' || which === 'socketio') {
      peers['Socket.IO 4 relay'] = await socketIoSide(pairCount, count, limitMs, log);
      log(`socket.io: ${peers['Socket.IO 4 relay'].delivered} delivered`);
    }
    const names = Object.keys(peers);
    const row = rowMaker(ours, peers);
    const rate = (s: Side) => (s.delivered * 1000) / s.cpu.elapsedMs;
    return {
      scenario: 'p2p',
      title: `${pairCount} pairs x ${count} one-to-one messages, one in flight per pair`,
      peers: names,
      rows: [
        row('messages delivered', 'count', 'higher', (s) => s.delivered),
        row('throughput', 'messages/s', 'higher', rate),
        row('send-to-deliver latency p50', 'ms', 'lower', (s) => summarize(s.latencyMs).p50),
        row('send-to-deliver latency p99', 'ms', 'lower', (s) => summarize(s.latencyMs).p99),
        row('server CPU', '% of a core', 'info', (s) => s.cpu.server * 100),
        row(
          'server CPU time per message',
          'µs',
          'lower',
          (s) => (s.cpu.serverSeconds * 1e6) / Math.max(1, s.delivered),
        ),
        row('load generator CPU', '% of a core', 'info', (s) => s.cpu.load * 100),
        row('other processes CPU', '% of a core', 'info', (s) => s.cpu.other * 100),
        row('server RSS after the run', 'MiB', 'info', (s) => s.rssMiB),
      ],
      notes: [
        'Goal (issue 4): 20,000 messages/s with p99 under 50 ms.',
        'Morsel persists every message (SQLite, one transaction: conversation sequence, message row, both sessions) before it acknowledges and pushes it. ' +
          `${ejabberdName} runs without mod_mam or offline storage for online recipients: it persists nothing, it routes in memory. ` +
          '"+ SQL" is the same ejabberd storing on SQLite (its lite.sql schema, the sqlite3 driver\'s defaults) with mod_mam archiving every message and mod_offline: history kept as ours is. The Socket.IO relay persists nothing.',
        'Each pair sends its next message when the previous one has reached the recipient; latency is taken in this process at both ends. ' +
          `A warm-up round of ${WARMUP} messages per pair runs first and is not counted.`,
        "Clients: the lean Engine.IO client with Morsel frames (sendMsg, msg push) or Socket.IO packets (a relay event to the recipient's room); a lean XMPP client over raw TCP (in-band registration, SASL PLAIN, TCP_NODELAY, presence echo awaited) for ejabberd. All in this one process, the server in its own.",
      ],
      details: {
        pairCount,
        count,
        ours: { ...ours, latencyMs: summarize(ours.latencyMs) },
        peers: Object.fromEntries(
          names.map((n) => [n, { ...peers[n], latencyMs: summarize(peers[n]!.latencyMs) }]),
        ),
      },
    };
  },
};
