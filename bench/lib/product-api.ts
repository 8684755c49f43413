// The product API (login by SMS code, campaigns) under load: our server started with the SMS
// limits per client address raised (every bench request comes from 127.0.0.1, where a real
// deployment sees thousands of addresses), shoppers registered through the real endpoints with
// codes read from the SMS outbox, and a small autocannon wrapper that sends each prepared
// request once.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startNode, stop, waitUntil } from './processes.ts';
import { mapLimit } from './stats.ts';
import { serverScript } from './server-build.ts';

export interface ApiServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a TypeScript server program on a free port with its own data directory. */
export async function startApiProcess(
  label: string,
  script: string,
  env: (port: number, dataDir: string) => Record<string, string>,
  readyPath: string,
): Promise<ApiServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${label}-`));
  const removeDataDir = () => fsSync.rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const child = startNode(script, [], { label, env: env(port, dataDir) });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(label, async () => (await fetch(url + readyPath)).status < 500, {
    timeoutMs: 60_000,
    child,
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      await stop(child);
      removeDataDir();
      process.off('exit', removeDataDir);
    },
  };
}

export function startProductServer(): Promise<ApiServer> {
  return startApiProcess(
    'morsel-api',
    serverScript(),
    (port, dataDir) => ({
      PORT: String(port),
      MORSEL_HOST: '127.0.0.1',
      MORSEL_DATA_DIR: dataDir,
      MORSEL_LOG_LEVEL: process.env.MORSEL_LOG_LEVEL ?? 'warn',
      MORSEL_SEED_DEMO: 'false',
      MORSEL_SMS_PROVIDER: 'outbox',
      // One client address sends every code here; per number the defaults still hold.
      MORSEL_SMS_DAILY_LIMIT_PER_ADDRESS: '100000',
      MORSEL_SMS_IMAGE_CAPTCHA_AFTER_PER_ADDRESS: '100000',
    }),
    '/healthz',
  );
}

export interface Shopper {
  mobile: string;
  ut: string;
  /** A login code waiting in the outbox, once sendLoginCodes has run. */
  code?: string;
}

/** Distinct valid numbers 139xxxxxxxx, offset so that runs in one data directory never clash. */
export function mobiles(count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, i) => `139${String(offset + i).padStart(8, '0')}`);
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function post<T>(url: string, body: Record<string, string>): Promise<Envelope<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** Sends a code to `mobile` and reads it back from the outbox. */
async function smsCode(url: string, mobile: string): Promise<string> {
  const sent = await post(`${url}/ouser-web/mobileRegister/sendCaptchasCodeFormNew.do`, { mobile });
  if (sent.code !== 0) throw new Error(`sending a code to ${mobile}: ${sent.code} ${sent.message}`);
  const outbox = (await (await fetch(`${url}/dev/sms-outbox?mobile=${mobile}`)).json()) as Envelope<
    { code: string }[]
  >;
  const code = outbox.data?.[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}

/** Registers every number through the real endpoints (code, outbox, memberRegisterForm.do). */
export async function registerShoppers(url: string, numbers: string[]): Promise<Shopper[]> {
  return mapLimit(numbers, 16, async (mobile) => {
    const captchas = await smsCode(url, mobile);
    const reply = await post<{ ut: string }>(`${url}/ouser-web/memberRegisterForm.do`, {
      mobile,
      captchas,
    });
    if (reply.code !== 0) throw new Error(`registering ${mobile}: ${reply.code} ${reply.message}`);
    return { mobile, ut: reply.data.ut };
  });
}

/** A fresh login code for every shopper (one code per number per 60 s: wait before calling). */
export async function sendLoginCodes(url: string, shoppers: Shopper[]): Promise<void> {
  await mapLimit(shoppers, 16, async (shopper) => {
    shopper.code = await smsCode(url, shopper.mobile);
  });
}

export interface LoadResult {
  requests: number;
  /** Answers with envelope code 0. */
  succeeded: number;
  /** Other answers by HTTP status and envelope code, e.g. "200/60010": 3. */
  refused: Record<string, number>;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** The i-th request's headers and JSON body; sent exactly `amount` times. */
  request: (index: number) => { headers?: Record<string, string>; body?: unknown };
  amount: number;
}

/** Sends `amount` requests with `connections` in flight and reads every envelope. */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  let next = 0;
  let succeeded = 0;
  const refused: Record<string, number> = {};
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    amount: spec.amount,
    timeout: 30,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        setupRequest: (request) => {
          const { headers, body } = spec.request(next++);
          return {
            ...request,
            headers: {
              ...request.headers,
              ...headers,
              ...(body !== undefined && { 'content-type': 'application/json' }),
            },
            ...(body !== undefined && { body: JSON.stringify(body) }),
          };
        },
        onResponse: (status, body) => {
          let code: number | undefined;
          try {
            code = (JSON.parse(body) as { code?: number }).code;
          } catch {
            code = undefined;
          }
          if (status === 200 && code === 0) succeeded++;
          else refused[`${status}/${code}`] = (refused[`${status}/${code}`] ?? 0) + 1;
        },
      },
    ],
  });
  const seconds = result.duration;
  return {
    requests: result.requests.total,
    succeeded,
    refused,
    errors: result.errors + result.timeouts,
    seconds,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}
