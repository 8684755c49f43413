// A large super team: M members (default 10,000), as many online as the open-files limit lets
// one server process hold, then K messages from the owner; for each, the time until it has
// reached every online member, and the server's memory meanwhile. Peer: a Socket.IO room
// broadcast to the same number of sockets.
import Database from 'better-sqlite3';
import path from 'node:path';
import { ImFleet } from '../lib/im-fleet.ts';
import { ImLink, nowMs, textMsg } from '../lib/im-link.ts';
import { LeanClient } from '../lib/lean-client.ts';
import { startCpuWindow, type CpuWindow } from '../lib/cpu-window.ts';
import { createAccounts, startMorselServer } from '../lib/morsel-server.ts';
import { mib, openFilesLimit, processMemory } from '../lib/proc-memory.ts';
import { sleep } from '../lib/processes.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';
import { startSocketIoPeer } from '../peers/socketio-peer.ts';
import { intOption, type Scenario } from './types.ts';

const FD_RESERVE = 400;
const SOURCES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const PEER = 'Socket.IO 4 room';

interface Side {
  online: number;
  /** Per message: ms from send until the last online member had it. */
  toAllMs: number[];
  /** Every single delivery, ms from its message's send. */
  deliveryMs: number[];
  missing: number;
  rssBeforeMiB: number;
  rssOnlineMiB: number;
  rssPeakDuringMiB: number;
  cpu: CpuWindow;
}

/**
 * What the Socket.IO room carries: a chat message with the fields our server pushes for a super
 * team message (sender, nick, device, ids, seq, time, the text), not a bare key, so that both
 * sides' receivers read a whole message: about 270 bytes as Socket.IO's JSON packet. Until
 * 2026-11-27 it was `{ k: key }`, a packet of about 25 bytes.
 */
function peerMessage(key: string) {
  const now = Date.now();
  return {
    scene: 'superTeam',
    from: 'owner',
    fromNick: '超级群群主',
    fromClientType: 16,
    fromDeviceId: 'bench-owner-device',
    to: '10000001',
    type: 0,
    text: key,
    idClient: `c-${key}-${now}`,
    idServer: String(now * 1000),
    seq: now % 1_000_000,
    time: now,
  };
}

/** Sends `count` keyed messages one after another (each once the last has reached everyone). */
async function broadcastRounds(
  fleet: ImFleet,
  count: number,
  pid: number,
  sendOne: (key: string) => void,
  log: (l: string) => void,
): Promise<Omit<Side, 'online' | 'rssBeforeMiB' | 'rssOnlineMiB'>> {
  const sentAt = new Map<string, number>();
  const toAllMs: number[] = [];
  let peak = 0;
  const sampler = setInterval(() => {
    void processMemory(pid).then(
      (m) => (peak = Math.max(peak, m.rss)),
      () => undefined,
    );
  }, 50);
  const stopCpu = await startCpuWindow(pid, fleet.pids);
  try {
    for (let i = 0; i < count; i++) {
      const key = `st-${i}`;
      const done = fleet.complete(key, 60_000);
      sentAt.set(key, nowMs());
      sendOne(key);
      const lastAt = await done.catch((e: Error) => {
        log(`message ${i}: ${e.message.split('\n')[0]}`);
        return NaN;
      });
      toAllMs.push(lastAt - sentAt.get(key)!);
      await sleep(300);
    }
  } finally {
    clearInterval(sampler);
  }
  const cpu = await stopCpu();
  const arrivals = await fleet.collect();
  const deliveryMs: number[] = [];
  let missing = 0;
  const online = (await fleet.status()).online;
  for (const [key, at] of sentAt) {
    const times = arrivals.get(key) ?? [];
    missing += Math.max(0, online - times.length);
    for (const t of times) deliveryMs.push(t - at);
  }
  return {
    toAllMs: toAllMs.filter(Number.isFinite),
    deliveryMs,
    missing,
    rssPeakDuringMiB: mib(peak),
    cpu,
  };
}

export const superteam: Scenario = {
  name: 'superteam',
  summary:
    'a 10,000-member super team: time for a message to reach every online member, server memory (vs a Socket.IO room)',
  options: {
    members: '10000',
    online: 'as many as the open-files limit allows',
    'team-messages': '10',
    workers: '2',
    peer: 'socketio (or none)',
  },
  async run(options, log): Promise<ScenarioResult> {
    const memberCount = intOption(options, 'members', 10_000);
    const messages = intOption(options, 'team-messages', 10);
    const workers = intOption(options, 'workers', 2);
    const limit = await openFilesLimit(process.pid);
    const online = Math.min(
      memberCount,
      intOption(options, 'online', memberCount),
      limit - FD_RESERVE,
    );
    const notes: string[] = [];
    if (online < memberCount)
      notes.push(
        `Online members capped at ${online} by the open-files limit (${limit}) of one server process.`,
      );

    const server = await startMorselServer();
    let ours: Side;
    try {
      // Accounts: the owner (who sends) and the other members.
      const accounts = await createAccounts(server, memberCount, 'st', 64);
      log(`morsel: ${memberCount} accounts created`);
      const owner = new ImLink({ url: server.url, appKey: server.appKey, account: accounts[0]! });
      await owner.open();
      const created = await owner.request('createSuperTeam', {
        type: 'advanced',
        name: 'bench super team',
        level: 2000,
        beInviteMode: 'noVerify',
        inviteMode: 'all',
      });
      const teamId = String((created.team as { teamId: string }).teamId);
      // The protocol's level tops out at 2,000 (createTeam's schema); a super team this size is
      // configured by the operator, here in the store directly.
      const db = new Database(path.join(server.dataDir, 'morsel.sqlite'));
      db.prepare('UPDATE im_teams SET level = ? WHERE id = ?').run(memberCount, Number(teamId));
      db.close();
      for (let i = 1; i < memberCount; i += 200) {
        const batch = accounts.slice(i, i + 200).map((a) => a.accid);
        await owner.request('addSuperTeamMembers', { teamId, accounts: batch });
      }
      owner.close();
      log(
        `morsel: super team ${teamId} with ${memberCount} members; restarting the server for a fresh process`,
      );
      await server.restart();
      await sleep(3000);
      const rssBefore = (await processMemory(server.pid)).rss;
      const sender = new ImLink({ url: server.url, appKey: server.appKey, account: accounts[0]! });
      await sender.open();
      const fleet = await ImFleet.start(workers, 'superteam');
      try {
        const opened = await fleet.open(accounts.slice(1, online), {
          url: server.url,
          dialect: 'morsel',
          appKey: server.appKey,
          localAddresses: SOURCES,
          concurrency: 32,
          sync: false,
        });
        log(`morsel: ${opened.opened + 1} members online (${opened.failed} failed)`);
        for (const e of opened.errors) log(`morsel: ${e}`);
        await sleep(3000);
        const rssOnline = (await processMemory(server.pid)).rss;
        let n = 0;
        const rounds = await broadcastRounds(
          fleet,
          messages,
          server.pid,
          (key) => {
            sender
              .request('sendMsg', textMsg('superTeam', teamId, key, `st-${n++}`))
              .catch((e: Error) => log(`send: ${e.message}`));
          },
          log,
        );
        ours = {
          online: opened.opened + 1,
          rssBeforeMiB: mib(rssBefore),
          rssOnlineMiB: mib(rssOnline),
          ...rounds,
        };
      } finally {
        sender.close();
        await fleet.close();
      }
    } finally {
      await server.stop();
    }
    log(`morsel: to all p50 ${summarize(ours.toAllMs).p50.toFixed(0)} ms`);

    let peer: Side | undefined;
    if (options.peer !== 'none') {
      const io = await startSocketIoPeer(online);
      try {
        await sleep(3000);
        const rssBefore = (await processMemory(io.pid)).rss;
        const accounts = io.accounts(online);
        const sender = new LeanClient({
          url: `${io.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
          localAddress: '127.0.0.1',
          dialect: 'socketio',
          appKey: '',
          accid: accounts[0]!.accid,
          token: accounts[0]!.token,
          timeoutMs: 30_000,
          onClose: () => undefined,
        });
        await sender.open();
        sender.send(`42${JSON.stringify(['join', 'team'])}`);
        const fleet = await ImFleet.start(workers, 'superteam-sio');
        try {
          const opened = await fleet.open(accounts.slice(1), {
            url: io.url,
            dialect: 'socketio',
            appKey: '',
            localAddresses: SOURCES,
            concurrency: 32,
            sync: false,
            room: 'team',
          });
          log(`socket.io: ${opened.opened + 1} sockets in the room (${opened.failed} failed)`);
          await sleep(3000);
          const rssOnline = (await processMemory(io.pid)).rss;
          const rounds = await broadcastRounds(
            fleet,
            messages,
            io.pid,
            (key) => sender.send(`42${JSON.stringify(['room', 'team', peerMessage(key)])}`),
            log,
          );
          peer = {
            online: opened.opened + 1,
            rssBeforeMiB: mib(rssBefore),
            rssOnlineMiB: mib(rssOnline),
            ...rounds,
          };
        } finally {
          sender.close();
          await fleet.close();
        }
      } finally {
        await io.stop();
      }
    }

    const row = rowMaker(ours, { [PEER]: peer });
    notes.push(
      'Goal (issue 5): a 10,000-member super team delivers a message to every online member. Morsel stores each message once (no write per member) and fans it out through one bus group per team; the Socket.IO peer emits to a room and stores nothing.',
      `Each message is sent once the previous one has reached every online member (then 300 ms pause); ${messages} messages. "to all" is from the send until the last member's client process read it. Members are lean clients in ${workers} worker processes on the same 2 cores, so the client side's decoding is part of the time.`,
      'Server memory: RSS of a fresh process (restarted after the accounts and the team were created) before connections, with every member online, and the peak sampled every 50 ms while the messages went out.',
    );
    return {
      scenario: 'superteam',
      title: `a ${memberCount.toLocaleString('en-US')}-member super team, ${online.toLocaleString('en-US')} online, ${messages} messages`,
      peers: [PEER],
      rows: [
        row('members online (sender included)', 'count', 'info', (s) => s.online),
        row(
          'time to reach all online, p50 over messages',
          'ms',
          'lower',
          (s) => summarize(s.toAllMs).p50,
        ),
        row(
          'time to reach all online, p99 over messages',
          'ms',
          'lower',
          (s) => summarize(s.toAllMs).p99,
        ),
        row('single delivery latency p50', 'ms', 'lower', (s) => summarize(s.deliveryMs).p50),
        row('single delivery latency p99', 'ms', 'lower', (s) => summarize(s.deliveryMs).p99),
        row('deliveries missing', 'count', 'lower', (s) => s.missing),
        row('server RSS before connections', 'MiB', 'info', (s) => s.rssBeforeMiB),
        row('server RSS with all online', 'MiB', 'lower', (s) => s.rssOnlineMiB),
        row('server RSS peak while fanning out', 'MiB', 'lower', (s) => s.rssPeakDuringMiB),
        row('server CPU during the messages', '% of a core', 'info', (s) => s.cpu.server * 100),
        row(
          'server CPU time per message (all deliveries)',
          'ms',
          'lower',
          (s) => (s.cpu.serverSeconds * 1000) / messages,
        ),
        row('load generator CPU', '% of a core', 'info', (s) => s.cpu.load * 100),
        row('other processes CPU', '% of a core', 'info', (s) => s.cpu.other * 100),
      ],
      notes,
      details: {
        memberCount,
        online,
        messages,
        ours: { ...ours, deliveryMs: summarize(ours.deliveryMs) },
        peer: peer && { ...peer, deliveryMs: summarize(peer.deliveryMs) },
      },
    };
  },
};
