// Every HTTP route the server registers (read from its onRoute record, so a new route is covered
// without touching this file) gets hostile requests generated from its schemas: missing and
// mistyped fields, out-of-range numbers, oversized strings and bodies, unknown and __proto__
// keys, unicode edge cases, malformed JSON and form bodies, wrong content types, hostile path
// segments. Each must be answered with a clear 4xx (or the API's own refusal code in a 200 body),
// never a 5xx, never a hang; the server must answer health and a normal request afterwards. One
// server per engine for the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSummary } from '../../src/app.ts';
import {
  ADMIN_KEY,
  call,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type Shopper,
} from '../campaigns/helpers.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { freshNonce, nowSeconds, sha1Hex } from '../im-rest/nim-client.ts';
import {
  EDGE_STRINGS,
  hostileVariants,
  randomMaps,
  sampleValid,
  type Hostile,
  type Schema,
} from './hostile-values.ts';

const REST_APP = { appKey: 'hostile-app-key', secret: 'hostile-app-secret' };

interface Sent {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Blob;
}

/** Percent-encodes a path segment; a lone surrogate goes as its (invalid) WTF-8 bytes. */
function segment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `q=${segment(value)}`;
  const parts: string[] = [];
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    for (const item of Array.isArray(field) && field.length < 50 ? field : [field])
      parts.push(`${segment(key)}=${segment(item)}`);
  }
  return parts.join('&');
}

function formBody(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `=${segment(value)}`;
  return Object.entries(value)
    .map(([k, v]) => `${segment(k)}=${segment(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

function pathWith(route: RouteSummary, params: Record<string, unknown>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => segment(params[name] ?? 'x'));
}

const isForm = (route: RouteSummary) => route.url.startsWith('/nimserver/');
const hasBody = (route: RouteSummary) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

/** Every hostile request for one route. */
function requestsFor(route: RouteSummary, known: Record<string, unknown>): Sent[] {
  const schema = (route.schema ?? {}) as { params?: Schema; querystring?: Schema; body?: Schema };
  const withKnown = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...value, ...pick(known, value as object) }
      : value;
  const validParams = (schema.params ? sampleValid(schema.params) : {}) as Record<string, unknown>;
  const validQuery = withKnown(schema.querystring ? sampleValid(schema.querystring) : {});
  const bodySchema: Schema = schema.body ?? { type: 'object', properties: {} };
  const validBody = sampleValid(bodySchema);
  const basePath = pathWith(route, validParams);
  const base = (label: string, path: string, body?: unknown): Sent => ({
    label,
    method: route.method,
    path,
    ...(hasBody(route) && encoded(route, body ?? validBody)),
  });
  const out: Sent[] = [];
  const withQuery = (q: unknown) => `${basePath}?${queryString(q)}`;

  for (const name of route.url.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
    const variants: Hostile[] = [
      ...EDGE_STRINGS,
      { label: 'long', value: 'x'.repeat(5000) },
      { label: 'encoded slash', value: 'a/b' },
    ];
    for (const v of variants)
      out.push(
        base(`param ${name}: ${v.label}`, pathWith(route, { ...validParams, [name]: v.value })),
      );
    out.push(base(`param ${name}: malformed percent`, route.url.replace(`:${name}`, '%E0%A4%A')));
  }
  const querySchema: Schema = schema.querystring ?? { type: 'object', properties: {} };
  for (const v of [...hostileVariants(querySchema), ...randomMaps(querySchema, 5, 1101)]) {
    out.push(base(`query ${v.label}`, withQuery(withKnown(v.value))));
  }
  out.push(
    base(
      'query: malformed percent and NUL',
      `${basePath}?${queryString(validQuery)}&a=%&b=%00&%ZZ=1`,
    ),
  );
  out.push(
    base(
      'query: repeated keys',
      `${basePath}?${queryString(validQuery)}&${Object.keys(querySchema.properties ?? { a: 1 })[0]}=1&${Object.keys(querySchema.properties ?? { a: 1 })[0]}=2`,
    ),
  );

  if (!hasBody(route)) return out;
  const path = schema.querystring ? withQuery(validQuery) : basePath;
  for (const v of [...hostileVariants(bodySchema), ...randomMaps(bodySchema, 8, 2202)])
    out.push(base(`body ${v.label}`, path, v.value));
  const type = isForm(route) ? 'application/x-www-form-urlencoded' : 'application/json';
  const raw = (label: string, contentType: string | undefined, body: string | Blob) =>
    out.push({
      label,
      method: route.method,
      path,
      headers: contentType ? { 'content-type': contentType } : {},
      body,
    });
  raw('malformed JSON', 'application/json', '{"a": [1, 2');
  raw('JSON null', 'application/json', 'null');
  raw('JSON with NUL bytes', 'application/json', '{"a":"\u0000"}\u0000');
  raw('deeply nested JSON', 'application/json', '['.repeat(100_000) + ']'.repeat(100_000));
  raw('malformed form', 'application/x-www-form-urlencoded', 'a=%&=&&b=%ZZ&%00=%00');
  raw('XML content type', 'application/xml', '<a>1</a>');
  raw('no content type', undefined, '{"a":1}');
  raw('charset utf-16', `${type}; charset=utf-16`, '{"a":1}');
  raw(
    'invalid UTF-8 bytes',
    type,
    new Blob([new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x80, 0x22, 0x7d])]),
  );
  raw('2 MiB body', type, 'a'.repeat(2 * 1024 * 1024));
  raw(
    'multipart body',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  );
  return out;
}

function pick(known: Record<string, unknown>, value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(known).filter(([key]) => key in value));
}

function encoded(route: RouteSummary, value: unknown): Pick<Sent, 'headers' | 'body'> {
  if (isForm(route))
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(value),
    };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

interface Answered {
  status: number;
  code?: unknown;
  message?: unknown;
  json: boolean;
}

async function send(base: string, request: Sent, auth: Record<string, string>): Promise<Answered> {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: { ...auth, ...request.headers },
    body: request.body,
    // A hang guard, not a timing assertion: a request that never answers fails the test.
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const body = isJson
    ? (JSON.parse(text) as { code?: unknown; message?: unknown; desc?: unknown })
    : {};
  return {
    status: response.status,
    code: body.code,
    message: body.message ?? body.desc,
    json: isJson,
  };
}

/** Headers that get a request past each API's authentication, so hostile input reaches validation. */
function authFor(
  route: RouteSummary,
  s: ProductTestServer,
  shopper: Shopper,
): Record<string, string> {
  if (route.url.startsWith('/admin/')) return { 'x-admin-key': ADMIN_KEY };
  if (route.url.startsWith('/nimserver/')) {
    const app = REST_APP;
    const nonce = freshNonce();
    const curTime = nowSeconds();
    return {
      AppKey: app.appKey,
      Nonce: nonce,
      CurTime: curTime,
      CheckSum: sha1Hex(app.secret + nonce + curTime),
    };
  }
  return { ut: shopper.ut };
}

/** What is wrong with the answer to one hostile request, or undefined when it is a clear refusal. */
async function judge(
  s: ProductTestServer,
  route: RouteSummary,
  request: Sent,
  shopper: Shopper,
): Promise<string | undefined> {
  let answer: Answered;
  try {
    answer = await send(s.url, request, authFor(route, s, shopper));
  } catch (error) {
    return `no answer (${(error as Error).message})`;
  }
  const bodyCode = typeof answer.code === 'number' ? answer.code : undefined;
  if (answer.status >= 500 || bodyCode === 500 || bodyCode === 999)
    return `HTTP ${answer.status}, code ${String(answer.code)}`;
  if (
    answer.status >= 400 &&
    answer.status !== 431 &&
    (!answer.json || bodyCode === undefined || typeof answer.message !== 'string')
  ) {
    return `HTTP ${answer.status} without a {code, message} body`;
  }
  return undefined;
}

await onEachEngine((engine, overrides, cleanup) => {
  describe(`hostile HTTP input on every route (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let shopper: Shopper;
    beforeAll(async () => {
      const config = await overrides();
      if (!config) return;
      s = await startCampaignServer({
        ...config,
        seedDemo: true,
        imAppKey: REST_APP.appKey,
        imAppSecret: REST_APP.secret,
      });
      shopper = await newShopper(s);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('answers every hostile request with a clear refusal and keeps serving', async (context) => {
      if (!s) return context.skip();
      const routes = s.server.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
      expect(routes.length).toBeGreaterThan(40);
      const known = { appkey: s.server.seeded.appKey, k: s.server.seeded.appKey };
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const requests = requestsFor(route, known);
        sent += requests.length;
        // A few in flight at once: the store's round trips, not the CPU, bound this loop.
        const queue = [...requests];
        const worker = async () => {
          for (let request = queue.shift(); request; request = queue.shift()) {
            const problem = await judge(s!, route, request, shopper);
            if (problem)
              failures.push(`${route.method} ${route.url} [${request.label}]: ${problem}`);
          }
        };
        await Promise.all(Array.from({ length: 4 }, worker));
        // The route's abuse left the server whole.
        expect(
          (await fetch(`${s.url}/healthz`)).status,
          `health after ${route.method} ${route.url}`,
        ).toBe(200);
      }
      if (process.env.MORSEL_TEST_REPORT)
        console.info(`${engine}: ${sent} hostile requests over ${routes.length} routes`);
      expect(failures, `${failures.length} of ${sent} hostile requests were mishandled`).toEqual(
        [],
      );
      // A normal request still succeeds (a new shopper: the hostile calls included logging out).
      const mine = await call(s.url, 'GET', '/api/campaign/coupon/mine', {
        ut: (await newShopper(s)).ut,
      });
      expect(mine.body.code).toBe(0);
      // Thousands of requests: about two minutes alone, over five beside a full parallel run.
    }, 900_000);
  });
});
