// The HTTP API contract as served: every route the product API and the campaigns register is a
// route of the @morsel/api table and every table route is registered, each with the table's
// request schemas and a reply schema; the OpenAPI document lists exactly the table, and its page
// works under the server's Content-Security-Policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { ENDPOINTS, methodsOf, ROUTE_NAMES, routeDefinition } from '@morsel/api';
import { NIM_REST_ACTIONS, nimActionPath } from '@morsel/protocol/nim-rest';
import { registerApiDocs } from '../../src/api/index.ts';
import { startCampaignServer } from '../campaigns/helpers.ts';
import type { ProductTestServer } from '../product/helpers.ts';

/** Routes of other boundaries, each with why it is not in the table. */
const OTHER_BOUNDARIES: [RegExp, string][] = [
  [/^\/nimserver\//, 'the IM REST API: NIM form-encoded CheckSum convention'],
  [/^\/im\//, 'the IM link and its uploads (the IM protocol package)'],
  [/^\/docs(\/|$)/, 'the OpenAPI document and its page'],
  [/^\/lbs\/webconf\.jsp$/, "the NIM dialect's load balancer (docs/nim-compatibility.md)"],
  [/^\/socket\.io\/1\/$/, "the NIM dialect's socket.io 0.9 handshake"],
  [/^\/socket\.io\/1\/xhr-polling\/:sid$/, "the NIM dialect's socket.io 0.9 xhr-polling"],
];

/** The web app's files: @fastify/static registers one GET per file of the build, hidden. */
const isWebFile = (r: { method: string; schema?: unknown }) =>
  r.method === 'GET' && (r.schema as { hide?: boolean } | undefined)?.hide === true;

const key = (method: string, url: string) => `${method} ${url}`;

describe('the route table as the server registers it', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  }, 60_000);
  afterAll(async () => s?.stop());

  it('serves every table route and no product or campaign route outside it', () => {
    const served = s.server.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const outside = served.filter(
      (r) =>
        !OTHER_BOUNDARIES.some(([pattern]) => pattern.test(r.url)) &&
        !isWebFile(r) &&
        !ROUTE_NAMES.some((name) => {
          const endpoint = ENDPOINTS[name];
          return endpoint.path === r.url && methodsOf(endpoint).includes(r.method as never);
        }),
    );
    expect(outside.map((r) => key(r.method, r.url))).toEqual([]);

    const servedKeys = new Set(served.map((r) => key(r.method, r.url)));
    const missing = ROUTE_NAMES.flatMap((name) =>
      methodsOf(ENDPOINTS[name]).map((method) => key(method, ENDPOINTS[name].path)),
    ).filter((k) => !servedKeys.has(k));
    expect(missing).toEqual([]);
  });

  it('serves every action of the NIM REST table with its form schema, and documents it', () => {
    const docs = readFileSync(
      new URL('../../../../docs/im-server-api.md', import.meta.url),
      'utf8',
    );
    for (const [name, action] of Object.entries(NIM_REST_ACTIONS)) {
      const route = s.server.routes.find(
        (r) => r.url === nimActionPath(name) && r.method === 'POST',
      );
      expect(route, name).toBeDefined();
      expect((route?.schema as { body?: unknown } | undefined)?.body, name).toBe(action.form);
      expect(docs, `docs/im-server-api.md names ${name}`).toContain(`${name}.action`);
    }
    const outside = s.server.routes
      .filter((r) => r.url.startsWith('/nimserver/'))
      .filter((r) => !Object.keys(NIM_REST_ACTIONS).some((name) => nimActionPath(name) === r.url));
    expect(outside.map((r) => r.url)).toEqual([]);
  });

  it('registers each with the table’s request schemas and a reply schema', () => {
    for (const name of ROUTE_NAMES) {
      const def = routeDefinition(name);
      const route = s.server.routes.find(
        (r) => r.url === def.path && r.method === methodsOf(def)[0],
      );
      const schema = route?.schema as Record<string, unknown> | undefined;
      expect(schema?.operationId, name).toBe(name);
      expect(schema?.querystring, `${name} query`).toBe(def.querystring);
      expect(schema?.params, `${name} params`).toBe(def.params);
      expect(schema?.body, `${name} body`).toBe(def.body);
      expect(schema?.headers, `${name} headers`).toEqual(def.headers);
      expect((schema?.response as Record<number, unknown>)[200], `${name} reply`).toBeDefined();
      // A route that reads input declares it; one that reads none takes nothing but what the
      // wrappers add to every call (ut, times, companyId…), which is ignored.
      if (def.errors.includes('badParameter'))
        expect(def.querystring ?? def.params ?? def.body, name).toBeDefined();
    }
  });

  it('serves the OpenAPI document of exactly the table', async () => {
    const response = await fetch(`${s.url}/docs/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; responses: object }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({
        name: op.operationId,
        route: key(method.toUpperCase(), path),
      })),
    );
    const expected = ROUTE_NAMES.flatMap((name) =>
      methodsOf(ENDPOINTS[name]).map((method) => ({
        name,
        route: key(method, ENDPOINTS[name].path.replace(/:(\w+)/g, '{$1}')),
      })),
    );
    const order = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(documented.sort(order)).toEqual(expected.sort(order));
    const draw = document.paths['/api/campaign/raffle/draw']!.post!;
    expect(JSON.stringify(draw.responses)).toContain('chances');
  });

  it('serves a browsable page whose scripts are files of this server, allowed by its CSP', async () => {
    const page = await fetch(`${s.url}/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('swagger');
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim(), 'no inline script').toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src, 'a script file').toBeDefined();
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const script = await fetch(new URL(src!, `${s.url}/docs/`));
      expect(script.status, src).toBe(200);
      await script.arrayBuffer();
    }
    // Swagger UI's own redirect of static/index.html loops on a query string; ours does not.
    const redirect = await fetch(`${s.url}/docs/static/index.html?q=1`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/docs/');
    await redirect.arrayBuffer();
  });
});

describe('the OpenAPI document in production', () => {
  it('is not served', async () => {
    const http = fastify();
    expect(await registerApiDocs(http, { mode: 'production' })).toBe(false);
    await http.ready();
    expect((await http.inject({ url: '/docs/openapi.json' })).statusCode).toBe(404);
    await http.close();
  });
});
