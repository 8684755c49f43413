// The product API under load with autocannon: SMS-code login (loginForm.do), an authenticated
// read (user/info.do), the daily sign-in and the raffle draw, each request made by a different
// prepared shopper exactly as often as the product allows (one sign-in a day, three draws, one
// use per SMS code). Peer in the same run: bare Fastify 5 + better-sqlite3 doing the same
// reads and writes without our framework (bench/peers/sqlite-api-server.ts).
import { cpuSeconds, machineBusySeconds } from '../lib/proc-memory.ts';
import { sleep } from '../lib/processes.ts';
import {
  load,
  mobiles,
  registerShoppers,
  sendLoginCodes,
  startApiProcess,
  startProductServer,
  type ApiServer,
  type LoadResult,
  type Shopper,
} from '../lib/product-api.ts';
import type { MetricRow, ScenarioResult } from '../lib/report.ts';
import { intOption, type Scenario } from './types.ts';

const PEER = 'bare Fastify + better-sqlite3';
const DRAWS_PER_DAY = 3;
const CODE_RESEND_MS = 61_000;

type Call = 'login' | 'info' | 'sign' | 'draw';

interface Measured extends LoadResult {
  /** Server CPU time per request, ms. */
  cpuMsPerRequest: number;
  /** Share of a core the server used during the measurement. */
  serverCores: number;
  /** Share of a core every other process (not the server, not this one) used meanwhile. */
  otherCores: number;
}

interface Paths {
  login: string;
  info: string;
  infoMethod: 'GET' | 'POST';
  sign: string;
  draw: string;
}

const OURS: Paths = {
  login: '/ouser-web/mobileLogin/loginForm.do',
  info: '/ouser-web/api/user/info.do',
  infoMethod: 'GET',
  sign: '/api/campaign/sign/today',
  draw: '/api/campaign/raffle/draw',
};
const PEER_PATHS: Paths = {
  login: '/login',
  info: '/info',
  infoMethod: 'GET',
  sign: '/sign',
  draw: '/draw',
};

async function measured(server: ApiServer, run: () => Promise<LoadResult>): Promise<Measured> {
  const before = await cpuSeconds(server.pid);
  const machineBefore = await machineBusySeconds();
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(server.pid)) - before;
  const self = process.cpuUsage(selfBefore);
  const machine = (await machineBusySeconds()) - machineBefore;
  const other = Math.max(0, machine - cpu - (self.user + self.system) / 1e6);
  return {
    ...result,
    cpuMsPerRequest: (cpu * 1000) / Math.max(1, result.requests),
    serverCores: cpu / seconds,
    otherCores: other / seconds,
  };
}

interface Plan {
  connections: number;
  infoRequests: number;
  log: (line: string) => void;
}

/** Warm-up on the first `warm` shoppers (not measured), then each call on the rest. */
async function runCalls(
  label: string,
  server: ApiServer,
  paths: Paths,
  warm: Shopper[],
  shoppers: Shopper[],
  plan: Plan,
  loginCodes: () => Promise<void>,
): Promise<Record<Call, Measured>> {
  const { connections, log } = plan;
  const ut = (list: Shopper[]) => (i: number) => ({ headers: { ut: list[i % list.length]!.ut } });
  const spec = (
    path: string,
    list: Shopper[],
    amount: number,
    method: 'GET' | 'POST' = 'POST',
  ) => ({
    url: server.url,
    method,
    path,
    connections,
    amount,
    request: ut(list),
  });
  const out = {} as Record<Call, Measured>;
  const report = (call: Call, r: Measured) =>
    log(
      `${label} ${call}: ${r.succeeded}/${r.requests} ok, ${r.perSecond.toFixed(0)}/s, p99 ${r.p99} ms, ${r.cpuMsPerRequest.toFixed(2)} ms CPU each (server ${(r.serverCores * 100).toFixed(0)} %, others ${(r.otherCores * 100).toFixed(0)} % of a core)${Object.keys(r.refused).length ? `, refused ${JSON.stringify(r.refused)}` : ''}`,
    );

  await load(spec(paths.info, warm, warm.length * 4, paths.infoMethod));
  out.info = await measured(server, () =>
    load(spec(paths.info, shoppers, plan.infoRequests, paths.infoMethod)),
  );
  report('info', out.info);

  await load(spec(paths.sign, warm, warm.length));
  out.sign = await measured(server, () => load(spec(paths.sign, shoppers, shoppers.length)));
  report('sign', out.sign);

  await load(spec(paths.draw, warm, warm.length * DRAWS_PER_DAY));
  out.draw = await measured(server, () =>
    load(spec(paths.draw, shoppers, shoppers.length * DRAWS_PER_DAY)),
  );
  report('draw', out.draw);

  await loginCodes();
  const login = (list: Shopper[]) => ({
    url: server.url,
    method: 'POST' as const,
    path: paths.login,
    connections,
    amount: list.length,
    request: (i: number) => ({ body: { mobile: list[i]!.mobile, captchas: list[i]!.code } }),
  });
  await load(login(warm));
  out.login = await measured(server, () => load(login(shoppers)));
  report('login', out.login);
  return out;
}

export const http: Scenario = {
  name: 'http',
  summary:
    'product API with autocannon: SMS login, user info, daily sign-in, raffle draw vs bare Fastify + better-sqlite3',
  options: {
    shoppers: '3000 (each signs in once, draws 3 times, logs in once)',
    'http-connections': '20 in flight',
    'info-requests': '20000',
    peer: 'sqlite (or none)',
  },
  async run(options, log): Promise<ScenarioResult> {
    const count = intOption(options, 'shoppers', 3000);
    const connections = intOption(options, 'http-connections', 20);
    const infoRequests = intOption(options, 'info-requests', 20_000);
    const warmCount = Math.min(300, Math.max(20, Math.floor(count / 10)));
    const plan: Plan = { connections, infoRequests, log };

    const server = await startProductServer();
    let ours: Record<Call, Measured>;
    let prepSeconds: number;
    try {
      const started = performance.now();
      const all = await registerShoppers(server.url, mobiles(warmCount + count));
      const codesSentBy = Date.now();
      prepSeconds = (performance.now() - started) / 1000;
      log(
        `morsel: ${all.length} shoppers registered through the API in ${prepSeconds.toFixed(1)} s`,
      );
      ours = await runCalls(
        'morsel',
        server,
        OURS,
        all.slice(0, warmCount),
        all.slice(warmCount),
        plan,
        async () => {
          const wait = codesSentBy + CODE_RESEND_MS - Date.now();
          if (wait > 0) {
            log(`morsel: waiting ${(wait / 1000).toFixed(0)} s (one SMS code per number per 60 s)`);
            await sleep(wait);
          }
          await sendLoginCodes(server.url, all);
          log(`morsel: login codes sent to ${all.length} numbers and read from the outbox`);
        },
      );
    } finally {
      await server.stop();
    }

    let peer: Record<Call, Measured> | undefined;
    if (options.peer !== 'none') {
      const peerServer = await startApiProcess(
        'sqlite-peer',
        'bench/peers/sqlite-api-server.ts',
        (port, dataDir) => ({ PORT: String(port), DATA_DIR: dataDir }),
        '/info',
      );
      try {
        const response = await fetch(`${peerServer.url}/bench/prepare`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobiles: mobiles(warmCount + count) }),
        });
        const all = (await response.json()) as Shopper[];
        peer = await runCalls(
          PEER,
          peerServer,
          PEER_PATHS,
          all.slice(0, warmCount),
          all.slice(warmCount),
          plan,
          async () => {},
        );
      } finally {
        await peerServer.stop();
      }
    }

    const calls: [Call, string][] = [
      ['login', 'login by SMS code (loginForm.do)'],
      ['info', 'user info, authenticated read (user/info.do)'],
      ['sign', 'daily sign-in (sign/today)'],
      ['draw', 'raffle draw (raffle/draw)'],
    ];
    const rows: MetricRow[] = calls.flatMap(([call, name]) => {
      const row = (
        metric: string,
        unit: string,
        better: MetricRow['better'],
        pick: (m: Measured) => number,
      ): MetricRow => ({
        metric: `${name}: ${metric}`,
        unit,
        better,
        ours: pick(ours[call]),
        peers: { [PEER]: peer ? pick(peer[call]) : undefined },
      });
      return [
        row('requests', 'count', 'info', (m) => m.requests),
        row('succeeded (code 0)', 'count', 'higher', (m) => m.succeeded),
        row('throughput', 'req/s', 'higher', (m) => m.perSecond),
        row('latency p50', 'ms', 'lower', (m) => m.p50),
        row('latency p99', 'ms', 'lower', (m) => m.p99),
        row('server CPU per request', 'ms', 'lower', (m) => m.cpuMsPerRequest),
        row('server CPU meanwhile', '% of a core', 'info', (m) => m.serverCores * 100),
        row('other processes CPU meanwhile', '% of a core', 'info', (m) => m.otherCores * 100),
      ];
    });
    return {
      scenario: 'http',
      title: `product API, ${count} shoppers, ${connections} connections, autocannon`,
      peers: [PEER],
      rows,
      notes: [
        `Each shopper makes each call as often as the product allows: one login per SMS code, one sign-in a day, ${DRAWS_PER_DAY} draws a day; user info is ${infoRequests} reads spread over all shoppers. ${warmCount} further shoppers warm each server up first (not measured).`,
        `Our shoppers were registered through the real endpoints (send code, read /dev/sms-outbox, memberRegisterForm.do) in ${prepSeconds!.toFixed(1)} s; their login codes were requested at least 61 s later (one code per number per 60 s). The server ran with MORSEL_SMS_DAILY_LIMIT_PER_ADDRESS and MORSEL_SMS_IMAGE_CAPTCHA_AFTER_PER_ADDRESS raised because every request comes from 127.0.0.1; per-number limits kept their defaults.`,
        'The peer does the same reads and writes with bare Fastify 5 and better-sqlite3 (same pragmas: WAL, synchronous NORMAL): session by sha256 of the token, a conditional code update + session insert (login), campaign window + sign-in row with streak + points ledger + balance (sign-in), a per-day counter upsert with its limit + weighted prize + stock decrement + award row (draw). It has no parameter schemas, no campaign configuration, no coupon or points delivery of prizes, no logging.',
        "Both servers are single Node processes on loopback; autocannon runs in the bench process on the same 2 shared cores. Server CPU per request is the server process's CPU time (/proc) over the measured requests.",
      ],
      details: { count, connections, infoRequests, warmCount, ours, peer },
    };
  },
};
