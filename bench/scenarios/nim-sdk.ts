// The official NIM Web SDK (its Node build, through Morsel's NIM dialect) beside our own SDK, against
// one Morsel server process in the same run: login rate (and server CPU per login), then
// one-to-one throughput between pairs of clients of each kind (messages per second, delivery
// latency, server CPU per message). The ratio column is ours / official: what the second dialect
// (socket.io 0.9, JSON packets with tagged property maps) costs the server next to our own.
import { createRequire } from 'node:module';
import { NIM } from '@morsel/im-sdk';
import { createAccounts, startMorselServer, type MorselServer } from '../lib/morsel-server.ts';
import { cpuSeconds } from '../lib/proc-memory.ts';
import { sleep } from '../lib/processes.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { mapLimit, summarize } from '../lib/stats.ts';
import { intOption, type Scenario } from './types.ts';

const require = createRequire(import.meta.url);
const PEER = 'official NIM Web SDK 9.21.12';

/** One kind of client: how it logs in, sends a text, and is told of a received one. */
interface Kind {
  login(account: { accid: string; token: string }, onText: (text: string) => void): Promise<Client>;
}
interface Client {
  sendText(to: string, text: string): Promise<void>;
  end(): Promise<void>;
}

interface Side {
  logins: number;
  loginFailed: number;
  loginElapsedMs: number;
  loginMs: number[];
  loginServerCpuS: number;
  messages: number;
  sendFailed: number;
  sendElapsedMs: number;
  latencyMs: number[];
  sendServerCpuS: number;
}

/** Our SDK: NIM.getInstance + connect (resolves on the login reply). */
function ourKind(server: MorselServer): Kind {
  return {
    async login(account, onText) {
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
        onmsg: (msg) => {
          if (msg.text) onText(msg.text);
        },
      });
      await nim.connect();
      return {
        sendText: async (to, text) => {
          await nim.sendText({ scene: 'p2p', to, text });
        },
        end: () => nim.destroy().catch(() => undefined),
      };
    },
  };
}

type OfficialNim = Record<string, (options: Record<string, unknown>) => void>;

/** NIM's SDK: getInstance with privateConf pointing at our server; onconnect on the login reply. */
function officialKind(server: MorselServer): Kind {
  const loaded = require('@yxim/nim-web-sdk/dist/SDK/NIM_Web_NIM_nodejs.js') as
    | { getInstance(options: Record<string, unknown>): OfficialNim }
    | { default: { getInstance(options: Record<string, unknown>): OfficialNim } };
  const NimClass = 'default' in loaded ? loaded.default : loaded;
  const host = new URL(server.url).host;
  return {
    login(account, onText) {
      return new Promise((resolve, reject) => {
        const nim: OfficialNim = NimClass.getInstance({
          appKey: server.appKey,
          account: account.accid,
          token: account.token,
          db: false,
          privateConf: {
            lbs_web: `${server.url}/lbs/webconf.jsp`,
            link_web: host,
            link_ssl_web: false,
            https_enabled: false,
            isDataReportEnable: false,
            isABTestEnable: false,
            isMixStoreEnable: false,
          },
          needReconnect: false,
          onconnect: () =>
            resolve({
              sendText: (to, text) =>
                new Promise<void>((done, failed) =>
                  nim.sendText!({
                    scene: 'p2p',
                    to,
                    text,
                    done: (error: unknown) => (error ? failed(error) : done()),
                  }),
                ),
              end: () => new Promise<void>((done) => nim.destroy!({ done: () => done() })),
            }),
          onerror: (error: unknown) => reject(error),
          ondisconnect: (event: unknown) => reject(new Error(JSON.stringify(event))),
          onmsg: (msg: { text?: string }) => {
            if (msg.text) onText(msg.text);
          },
        });
      });
    },
  };
}

async function measure(
  server: MorselServer,
  kind: Kind,
  prefix: string,
  options: { instances: number; concurrency: number; messages: number; window: number },
  log: (line: string) => void,
): Promise<Side> {
  const accounts = await createAccounts(server, options.instances, prefix);
  const pending = new Map<string, number>();
  const latencyMs: number[] = [];
  const arrived = new Set<string>();
  const onText = (text: string) => {
    const sentAt = pending.get(text);
    if (sentAt === undefined || arrived.has(text)) return;
    arrived.add(text);
    latencyMs.push(performance.now() - sentAt);
  };

  // Logins.
  const clients: (Client | undefined)[] = new Array(accounts.length);
  const loginMs: number[] = [];
  let loginFailed = 0;
  await sleep(1000);
  let cpu = await cpuSeconds(server.pid);
  let started = performance.now();
  await mapLimit(accounts, options.concurrency, async (account, index) => {
    const began = performance.now();
    try {
      clients[index] = await kind.login(account, onText);
      loginMs.push(performance.now() - began);
    } catch {
      loginFailed++;
    }
  });
  const loginElapsedMs = performance.now() - started;
  const loginServerCpuS = (await cpuSeconds(server.pid)) - cpu;
  log(`${prefix}: ${loginMs.length} logged in, ${loginFailed} failed`);
  await sleep(2000); // the syncs after login finish before the messages start

  // One-to-one: client 2i sends to 2i+1, `window` messages in flight per sender.
  const pairs = Math.floor(accounts.length / 2);
  const perSender = Math.ceil(options.messages / pairs);
  let sendFailed = 0;
  cpu = await cpuSeconds(server.pid);
  started = performance.now();
  await Promise.all(
    Array.from({ length: pairs }, (_, pair) =>
      mapLimit(
        Array.from({ length: perSender }, (__, i) => i),
        options.window,
        async (i) => {
          const sender = clients[2 * pair];
          const to = accounts[2 * pair + 1]!.accid;
          if (!sender || !clients[2 * pair + 1]) return;
          const text = `${prefix}-${pair}-${i}`;
          pending.set(text, performance.now());
          await sender.sendText(to, text).catch(() => sendFailed++);
        },
      ),
    ),
  );
  const expected = pending.size - sendFailed;
  const deadline = Date.now() + 30_000;
  while (arrived.size < expected && Date.now() < deadline) await sleep(20);
  const sendElapsedMs = performance.now() - started;
  const sendServerCpuS = (await cpuSeconds(server.pid)) - cpu;
  log(`${prefix}: ${arrived.size} of ${pending.size} messages delivered, ${sendFailed} failed`);

  await Promise.all(clients.map((client) => client?.end()));
  return {
    logins: loginMs.length,
    loginFailed,
    loginElapsedMs,
    loginMs,
    loginServerCpuS,
    messages: arrived.size,
    sendFailed,
    sendElapsedMs,
    latencyMs,
    sendServerCpuS,
  };
}

export const nimSdk: Scenario = {
  name: 'nim-sdk',
  summary:
    'the official NIM Web SDK through the NIM dialect beside our SDK, one server: logins and one-to-one messages',
  options: {
    'nim-instances': '100 clients of each kind (an even number: they pair up)',
    'nim-concurrency': '20 logins in flight',
    'nim-messages': '2000 messages of each kind',
    'nim-window': '5 messages in flight per sender',
  },
  async run(options, log): Promise<ScenarioResult> {
    const instances = intOption(options, 'nim-instances', 100);
    const settings = {
      instances: instances + (instances % 2),
      concurrency: intOption(options, 'nim-concurrency', 20),
      messages: intOption(options, 'nim-messages', 2000),
      window: intOption(options, 'nim-window', 5),
    };
    const server = await startMorselServer();
    let ours: Side;
    let official: Side;
    try {
      // A short round of each kind first, not counted: the server's code paths of both dialects
      // are warm (JIT) before either is measured.
      const warmUp = { instances: 4, concurrency: 4, messages: 40, window: 5 };
      await measure(server, ourKind(server), 'warm-ours', warmUp, log);
      await measure(server, officialKind(server), 'warm-nim', warmUp, log);
      log(`our SDK: ${settings.instances} clients`);
      ours = await measure(server, ourKind(server), 'ours', settings, log);
      log(`official SDK: ${settings.instances} clients`);
      official = await measure(server, officialKind(server), 'nim', settings, log);
    } finally {
      await server.stop();
    }
    const row = rowMaker(ours, { [PEER]: official });
    const perS = (count: number, ms: number) => (count * 1000) / ms;
    return {
      scenario: 'nim-sdk',
      title: `${settings.instances} clients of each SDK against one server; ${settings.messages} one-to-one messages each, ${settings.window} in flight per sender`,
      peers: [PEER],
      rows: [
        row('logins completed', 'count', 'higher', (s) => s.logins),
        row('login rate', 'per s', 'higher', (s) => perS(s.logins, s.loginElapsedMs)),
        row('login latency p50', 'ms', 'lower', (s) => summarize(s.loginMs).p50),
        row('login latency p99', 'ms', 'lower', (s) => summarize(s.loginMs).p99),
        row('server CPU per login', 'ms', 'lower', (s) => (s.loginServerCpuS * 1000) / s.logins),
        row('messages delivered', 'count', 'higher', (s) => s.messages),
        row('message throughput', 'per s', 'higher', (s) => perS(s.messages, s.sendElapsedMs)),
        row('delivery latency p50', 'ms', 'lower', (s) => summarize(s.latencyMs).p50),
        row('delivery latency p99', 'ms', 'lower', (s) => summarize(s.latencyMs).p99),
        row(
          'server CPU per message',
          'ms',
          'lower',
          (s) => (s.sendServerCpuS * 1000) / Math.max(1, s.messages),
        ),
      ],
      notes: [
        "Both kinds of client run in the bench process against the same Morsel server process, one after the other (after an uncounted warm-up round of each): ours on its own link (MessagePack frames over Engine.IO), the official SDK's Node build on the NIM dialect (socket.io 0.9, JSON packets) through NIM's load balancer path (privateConf).",
        "A login ends at the login reply (our connect(), NIM's onconnect); the sync each SDK starts then is in the CPU of the login phase. Latency: send call to the receiver's onmsg, one clock.",
        'The official SDK does much more per message in its own process (it builds sessions and unread counts and parses tagged property maps); the client side shares the machine with the server, so the throughput ratio mixes both.',
      ],
      details: {
        settings,
        ours: { ...ours, loginMs: summarize(ours.loginMs), latencyMs: summarize(ours.latencyMs) },
        official: {
          ...official,
          loginMs: summarize(official.loginMs),
          latencyMs: summarize(official.latencyMs),
        },
      },
    };
  },
};
