// Helpers for the product API suites: a real server on a random port whose clock (and WeChat
// fetch) the test controls, and clients that speak like the two request wrappers.
import { signatureHeaders } from '@morsel/open-api-sign';
import type { ServerServices } from '../../src/app.ts';
import type { Config } from '../../src/config/index.ts';
import { ManualClock } from '../../src/product/index.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';

export const H5_CLIENT = { id: 'morsel-h5', secret: 'morsel-h5-public-signing-key' };

export interface ProductTestServer extends TestServer {
  readonly clock: ManualClock;
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** startTestServer with a ManualClock (and optional services) handed to the product API. */
export async function startProductServer(
  overrides: Partial<Config> = {},
  services: ServerServices = {},
): Promise<ProductTestServer> {
  // Noon in China: a test moving the clock by minutes never crosses the daily limits' midnight.
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 4, 0, 0));
  const server = await startTestServer({ seedDemo: false, ...overrides }, { clock, ...services });
  return Object.assign(server, { clock });
}

export interface Called<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

/** A legacy .do call: form-encoded body, as the older wrapper sends it. */
export async function postForm<T = unknown>(
  base: string,
  path: string,
  fields: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<Called<T>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-requested-with': 'XMLHttpRequest',
      ...headers,
    },
    body: new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Envelope<T>,
    headers: response.headers,
  };
}

export async function getJson<T = unknown>(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Called<T>> {
  const response = await fetch(`${base}${path}`, { headers });
  return {
    status: response.status,
    body: (await response.json()) as Envelope<T>,
    headers: response.headers,
  };
}

/** A newer-wrapper call: signed with x-co-client, x-co-timeStamp, x-co-sign. */
export async function signedCall<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  options: {
    body?: string;
    timestamp: number;
    client?: { id: string; secret: string };
    headers?: Record<string, string>;
    /** Sent instead of options.body, to tamper with a signed request. */
    sendBody?: string;
  },
): Promise<Called<T>> {
  const client = options.client ?? H5_CLIENT;
  const url = new URL(pathAndQuery, base);
  const signed = await signatureHeaders(
    {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: options.body,
      clientId: client.id,
      timestamp: options.timestamp,
    },
    client.secret,
  );
  const body = options.sendBody ?? options.body;
  const response = await fetch(url, {
    method,
    headers: {
      ...signed,
      ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...options.headers,
    },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as Envelope<T>,
    headers: response.headers,
  };
}

export const LEGACY = { companyId: 30, platformId: 3 };

/** The code the outbox holds for a number (the newest message). */
export async function outboxCode(base: string, mobile: string): Promise<string> {
  const { body } = await getJson<{ code: string }[]>(base, `/dev/sms-outbox?mobile=${mobile}`);
  const code = body.data[0]?.code;
  if (!code) throw new Error(`no SMS in the outbox for ${mobile}`);
  return code;
}

export async function sendCode(
  base: string,
  mobile: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return postForm(
    base,
    '/ouser-web/mobileRegister/sendCaptchasCodeFormNew.do',
    { mobile, captchasType: 3, ...LEGACY, ...extra },
    headers,
  );
}
