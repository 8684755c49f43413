// Security headers and time-outs at the HTTP edge (review L8), over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { startTestServer, type TestServer } from '../harness/index.ts';

describe('security headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.stop());

  it('sends CSP, frame, sniffing and referrer headers on API answers, without HSTS on plain http', async () => {
    for (const path of ['/healthz', '/ouser-web/api/user/info.do', '/no-such-api']) {
      const response = await fetch(`${s.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the public URL is https, and configured origins to the policy', async () => {
    const secure = await startTestServer({
      publicUrl: 'https://shop.example.com',
      cspExtraOrigins: 'https://static.example.com',
      imLinkAddresses: 'https://im1.example.com',
    });
    try {
      const response = await fetch(`${secure.url}/healthz`);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self' https://static.example.com;");
      expect(csp).toMatch(
        /connect-src 'self' https:\/\/static.example.com https:\/\/im1.example.com wss:\/\/im1.example.com/,
      );
    } finally {
      await secure.stop();
    }
  });
});

describe('time-outs', () => {
  /** Opens a raw connection, writes `text` and resolves with what came back once it is closed. */
  function rawExchange(port: number, text: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers 408 to a request whose headers never finish, and closes one whose body never finishes or that stays idle', async () => {
    const slow = await startTestServer({ httpRequestTimeoutMs: 1000 });
    const idle = await startTestServer({
      httpRequestTimeoutMs: 600_000,
      httpConnectionTimeoutMs: 1000,
    });
    try {
      // Slowloris: headers that never end. Before, requestTimeout was 0 and this waited for ever.
      expect(await rawExchange(slow.port, 'GET /healthz HTTP/1.1\r\nhost: x\r\n')).toMatch(
        /^HTTP\/1.1 408/,
      );
      // A body that never completes: the connection is closed (before, it stayed open).
      const stalled =
        'POST /api/lizard/pv HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\n{';
      expect(await rawExchange(slow.port, stalled)).toBe('');
      // A connection that never sends anything is closed without an answer.
      expect(await rawExchange(idle.port, '')).toBe('');
    } finally {
      await slow.stop();
      await idle.stop();
    }
  });
});
