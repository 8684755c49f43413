// MORSEL_ROLE splits one deployment's work: a gateway process serves the IM links (and health),
// an api process the HTTP APIs, the server REST API, the load balancer and the web app, no links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';

const APP = { imAppKey: 'roles-test-app', imAppSecret: 'roles-test-app-secret', seedDemo: false };
const PRODUCT_ROUTE = '/ouser-web/api/user/info.do';
/** An Engine.IO handshake on the IM link. */
const handshake = (url: string) => fetch(`${url}/im/link/?EIO=4&transport=polling`);

describe('MORSEL_ROLE', () => {
  let gateway: TestServer;
  let api: TestServer;
  beforeAll(async () => {
    gateway = await startTestServer({ ...APP, role: 'gateway' });
    api = await startTestServer({ ...APP, role: 'api' });
  });
  afterAll(async () => {
    await gateway?.stop();
    await api?.stop();
  });

  it('a gateway serves the IM link and health, not the product API', async () => {
    expect((await handshake(gateway.url)).status).toBe(200);
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${gateway.url}${PRODUCT_ROUTE}`)).status).toBe(404);
    expect(
      (await fetch(`${gateway.url}/nimserver/user/create.action`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('an api process serves the APIs and the load balancer, not the IM link', async () => {
    expect((await handshake(api.url)).status).toBe(404);
    expect((await fetch(`${api.url}${PRODUCT_ROUTE}`)).status).not.toBe(404);
    const lbs = await fetch(`${api.url}/im/lbs?k=${APP.imAppKey}&id=someone`);
    expect(((await lbs.json()) as { code: number }).code).toBe(200);
  });
});
