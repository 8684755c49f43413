// NIM's browser SDK reaches the load balancer, the socket.io 0.9 handshake and its polling path
// from the app's pages on another origin (XMLHttpRequest, with credentials on polling): each
// answers with the page's origin allowed. The whole flow in Chromium: e2e/nim-browser.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';

describe('NIM’s HTTP paths across origins', () => {
  let server: TestServer;
  const origin = 'https://shop.example.com';

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const allowed = (response: Response) => ({
    origin: response.headers.get('access-control-allow-origin'),
    credentials: response.headers.get('access-control-allow-credentials'),
  });

  it('lets any page read the load balancer, the handshake and a poll', async () => {
    const { appKey } = server.server.seeded;
    const lbs = await fetch(`${server.url}/lbs/webconf.jsp?k=${appKey}&id=demo1`, {
      headers: { origin },
    });
    expect(allowed(lbs)).toEqual({ origin, credentials: 'true' });

    const handshake = await fetch(`${server.url}/socket.io/1/?t=1`, { headers: { origin } });
    expect(allowed(handshake)).toEqual({ origin, credentials: 'true' });
    const sid = (await handshake.text()).split(':', 1)[0];

    const refused = await fetch(`${server.url}/socket.io/1/xhr-polling/not-a-session`, {
      headers: { origin },
    });
    expect(refused.status).toBe(403);
    expect(allowed(refused).origin).toBe(origin);
    const posted = await fetch(`${server.url}/socket.io/1/xhr-polling/${sid}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'text/plain;charset=UTF-8' },
      body: '2::',
    });
    // No poll opened the session yet: refused, and still readable by the page.
    expect(posted.status).toBe(403);
    expect(allowed(posted).origin).toBe(origin);
  });

  it('says nothing of origins to a request without one', async () => {
    const handshake = await fetch(`${server.url}/socket.io/1/?t=1`);
    expect(handshake.headers.get('access-control-allow-origin')).toBeNull();
  });
});
