// Logins through the real client libraries, end to end: N instances of our SDK
// (`NIM.getInstance` + `connect()`) against our server, and N socket.io-client sockets with an
// auth payload against the Socket.IO peer. The clients run in this process; each server is its
// own process.
import { NIM } from '@morsel/im-sdk';
import { io, type Socket } from 'socket.io-client';
import { createAccounts, startMorselServer } from '../lib/morsel-server.ts';
import { cpuSeconds } from '../lib/proc-memory.ts';
import { sleep } from '../lib/processes.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { mapLimit, summarize } from '../lib/stats.ts';
import { startSocketIoPeer } from '../peers/socketio-peer.ts';
import { intOption, type Scenario } from './types.ts';

interface Side {
  logins: number;
  failed: number;
  errors: string[];
  elapsedMs: number;
  loginMs: number[];
  serverCpu: number;
  clientCpu: number;
}

const PEER = 'socket.io-client 4';

async function timed<C>(
  count: number,
  concurrency: number,
  pid: number,
  login: (index: number) => Promise<C>,
  clients: C[],
): Promise<Side> {
  const loginMs: number[] = [];
  const errors = new Map<string, number>();
  let failed = 0;
  await sleep(2000);
  const cpuBefore = await cpuSeconds(pid);
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (index) => {
      const began = performance.now();
      try {
        clients.push(await login(index));
        loginMs.push(performance.now() - began);
      } catch (error) {
        failed++;
        const message = (error as Error).message;
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    },
  );
  const elapsedMs = performance.now() - started;
  const serverCpu = ((await cpuSeconds(pid)) - cpuBefore) / (elapsedMs / 1000);
  const clientUsage = process.cpuUsage(clientCpuBefore);
  const clientCpu = (clientUsage.user + clientUsage.system) / 1000 / elapsedMs;
  return {
    logins: loginMs.length,
    failed,
    errors: [...errors].map(([m, c]) => `${c} x ${m}`),
    elapsedMs,
    loginMs,
    serverCpu,
    clientCpu,
  };
}

function connectSocketIo(
  url: string,
  auth: { accid: string; token: string },
  timeoutMs: number,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      auth,
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const loginSdk: Scenario = {
  name: 'login-sdk',
  summary: 'logins end to end through the real SDK (NIM.getInstance + connect) vs socket.io-client',
  options: {
    instances: '500',
    'sdk-concurrency': '50 logins in flight',
    peer: 'socketio (or none)',
  },
  async run(options, log): Promise<ScenarioResult> {
    const count = intOption(options, 'instances', 500);
    const concurrency = intOption(options, 'sdk-concurrency', 50);

    const server = await startMorselServer();
    let ours: Side;
    let syncNote: string;
    try {
      const accounts = await createAccounts(server, count, 'sdk');
      log(
        `morsel: ${count} accounts created; logging in ${count} SDK instances, ${concurrency} at a time`,
      );
      const instances: NIM[] = [];
      let syncsDone = 0;
      ours = await timed(
        count,
        concurrency,
        server.pid,
        async (index) => {
          const account = accounts[index]!;
          const nim = NIM.getInstance({
            appKey: server.appKey,
            account: account.accid,
            token: account.token,
            defaultLink: server.url,
            transports: ['websocket'],
            logLevel: 'off',
            logUploadUrl: 'off',
            autoConnect: false,
            reconnectionAttempts: 0,
            onsyncdone: () => syncsDone++,
          });
          try {
            await nim.connect();
          } catch (error) {
            await nim.destroy().catch(() => undefined);
            throw error;
          }
          return nim;
        },
        instances,
      );
      log(
        `morsel: ${ours.logins} logged in, ${ours.failed} failed in ${(ours.elapsedMs / 1000).toFixed(1)} s`,
      );
      for (const error of ours.errors) log(`morsel: ${error}`);
      // The sync each SDK runs after its login is part of the server's work during the run.
      const syncDeadline = Date.now() + 30_000;
      while (syncsDone < ours.logins && Date.now() < syncDeadline) await sleep(100);
      syncNote = `${syncsDone} of ${ours.logins} SDK instances finished their post-login sync (onsyncdone) within 30 s of the last login.`;
      log(`morsel: ${syncNote}`);
      await Promise.all(instances.map((nim) => nim.destroy().catch(() => undefined)));
    } finally {
      await server.stop();
    }

    let peer: Side | undefined;
    if (options.peer !== 'none') {
      const socketIo = await startSocketIoPeer(count);
      try {
        const accounts = socketIo.accounts(count);
        const sockets: Socket[] = [];
        log(`socket.io: connecting ${count} socket.io-client sockets, ${concurrency} at a time`);
        peer = await timed(
          count,
          concurrency,
          socketIo.pid,
          (index) => connectSocketIo(socketIo.url, accounts[index]!, 10_000),
          sockets,
        );
        log(
          `socket.io: ${peer.logins} connected, ${peer.failed} failed in ${(peer.elapsedMs / 1000).toFixed(1)} s`,
        );
        for (const socket of sockets) socket.close();
      } finally {
        await socketIo.stop();
      }
    }

    const row = rowMaker(ours, { [PEER]: peer });
    return {
      scenario: 'login-sdk',
      title: `${count} logins through the real client library, ${concurrency} in flight`,
      peers: [PEER],
      rows: [
        row('logins completed', 'count', 'higher', (s) => s.logins),
        row('logins failed', 'count', 'lower', (s) => s.failed),
        row('login rate', 'per s', 'higher', (s) => (s.logins * 1000) / s.elapsedMs),
        row('login latency p50', 'ms', 'lower', (s) => summarize(s.loginMs).p50),
        row('login latency p99', 'ms', 'lower', (s) => summarize(s.loginMs).p99),
        row('server CPU during logins', '% of a core', 'info', (s) => s.serverCpu * 100),
        row(
          'server CPU time per login',
          'ms',
          'lower',
          (s) => (s.serverCpu * s.elapsedMs) / Math.max(1, s.logins),
        ),
        row(
          'client CPU time per login',
          'ms',
          'lower',
          (s) => (s.clientCpu * s.elapsedMs) / Math.max(1, s.logins),
        ),
        row('client process CPU during logins', '% of a core', 'info', (s) => s.clientCpu * 100),
      ],
      notes: [
        'Our side: NIM.getInstance({ defaultLink, transports: [websocket], autoConnect: false }) then connect(), which resolves on the login reply; ' +
          'the peer side: io(url, { transports: [websocket], auth }) until its connect event. Clients in the bench process, servers in their own.',
        'Every SDK instance is destroyed afterwards; a failed login is counted, not retried.',
        `The SDK starts its sync as soon as the login is answered, so the server's CPU per login includes serving that sync. ${syncNote!}`,
      ],
      details: {
        count,
        concurrency,
        ours: { ...ours, loginMs: summarize(ours.loginMs) },
        peer: peer && { ...peer, loginMs: summarize(peer.loginMs) },
      },
    };
  },
};
