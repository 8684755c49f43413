// The IM link as an app meets it: the real SDK against the real server.
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NIM, type ImError } from '@morsel/im-sdk';
import { MAX_FRAME_BYTES } from '@morsel/protocol';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient, demoOptions, Events } from './clients.ts';

let server: TestServer;
const opened: NIM[] = [];
const track = <T extends { nim: NIM }>(client: T) => (opened.push(client.nim), client);

beforeAll(async () => {
  server = await startTestServer({ imCommandsPerSecond: 1000, imHandlerTimeoutMs: 1000 });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
});
afterAll(async () => {
  await server?.stop();
});

describe('login', () => {
  it('logs in through the load balancer, syncs, and answers commands', async () => {
    const { nim, events } = track(await connectClient(server, 0));
    expect(nim.state).toBe('logined');
    const names = events.names();
    expect(names[0]).toBe('connect');
    expect(names.indexOf('syncdone')).toBeGreaterThan(0);
    const time = await nim.getServerTime();
    expect(Math.abs(time - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a wrong token with 302 and does not reconnect', async () => {
    const events = new Events();
    const nim = NIM.getInstance({
      ...demoOptions(server, 1),
      token: 'wrong-token',
      ...events.callbacks(),
    });
    opened.push(nim);
    await expect(nim.connect()).rejects.toMatchObject({ code: 302 });
    expect(await events.next('disconnect')).toMatchObject({ code: 302 });
    expect(events.names()).not.toContain('willreconnect');
    expect(nim.state).toBe('disconnected');
  });

  it('refuses a disabled account with 422, and kicks it when it is blocked while online', async () => {
    const { nim, events } = track(await connectClient(server, 2));
    await server.server.imAccounts.block(server.server.seeded.appKey, 'demo3');
    try {
      expect(await events.next('disconnect')).toMatchObject({
        code: 'kicked',
        reason: 'serverKick',
      });
      await nim.destroy();
      const again = NIM.getInstance({ ...demoOptions(server, 2) });
      opened.push(again);
      await expect(again.connect()).rejects.toMatchObject({ code: 422 });
    } finally {
      await server.server.imAccounts.unblock(server.server.seeded.appKey, 'demo3');
    }
  });

  it('works over forced long-polling, after a handshake GET with a timestamp query', async () => {
    const requests: { method: string; url: string }[] = [];
    const record = (request: IncomingMessage) =>
      void requests.push({ method: request.method ?? '', url: request.url ?? '' });
    server.server.http.server.on('request', record);
    try {
      const { nim } = track(await connectClient(server, 0, { transports: ['polling'] }));
      expect(await nim.getServerTime()).toBeGreaterThan(0);
    } finally {
      server.server.http.server.off('request', record);
    }
    const handshake = requests.find((r) => r.url.startsWith('/im/link/'));
    expect(handshake?.method).toBe('GET');
    expect(new URL(handshake!.url, server.url).searchParams.get('t')).toMatch(/.+/);
  });

  it('opens a websocket directly by default: no long-polling request at all (decision 0070)', async () => {
    const urls: string[] = [];
    const record = (request: IncomingMessage) => void urls.push(request.url ?? '');
    server.server.http.server.on('request', record);
    try {
      const { nim } = track(await connectClient(server, 0));
      expect(await nim.getServerTime()).toBeGreaterThan(0);
    } finally {
      server.server.http.server.off('request', record);
    }
    // A polling handshake is a GET without a session id (a closing earlier client may still poll).
    const handshakes = urls.filter((url) => url.startsWith('/im/link/') && !url.includes('sid='));
    expect(handshakes).toEqual([]);
  });

  it('falls back to long-polling when a websocket cannot open', async () => {
    const http = server.server.http.server;
    const upgrades = http.listeners('upgrade') as ((...args: unknown[]) => void)[];
    http.removeAllListeners('upgrade');
    let refused = 0;
    const refuse = (_request: IncomingMessage, socket: { destroy(): void }) => {
      refused += 1;
      socket.destroy();
    };
    http.on('upgrade', refuse);
    const urls: string[] = [];
    const record = (request: IncomingMessage) => void urls.push(request.url ?? '');
    http.on('request', record);
    try {
      const { nim } = track(await connectClient(server, 0));
      expect(await nim.getServerTime()).toBeGreaterThan(0);
    } finally {
      http.off('request', record);
      http.off('upgrade', refuse);
      for (const listener of upgrades) http.on('upgrade', listener);
    }
    expect(refused).toBeGreaterThan(0);
    expect(urls.some((url) => url.startsWith('/im/link/') && !url.includes('sid='))).toBe(true);
  });

  it('falls back to the default link and reports 3001 when the load balancer is unreachable', async () => {
    const events = new Events();
    const nim = NIM.getInstance({
      ...demoOptions(server, 0),
      lbsUrl: 'http://127.0.0.1:9/im/lbs',
      defaultLink: server.url,
      ...events.callbacks(),
    });
    opened.push(nim);
    await nim.connect();
    expect(await events.next<ImError>('error')).toMatchObject({ code: 3001 });
  });
});

describe('the heartbeat', () => {
  it('is answered, so the link stays up past the heartbeat time-out', async () => {
    const { nim, events } = track(await connectClient(server, 0, { heartbeatInterval: 250 }));
    // An unanswered heartbeat closes the link 10 s after it was sent.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(events.names()).not.toContain('willreconnect');
    expect(nim.state).toBe('logined');
  }, 20_000);
});

describe('instances', () => {
  it('caches one instance per account and reuses it with updated options', async () => {
    const options = demoOptions(server, 0);
    const first = NIM.getInstance(options);
    const calls: string[] = [];
    const second = NIM.getInstance({
      ...options,
      account: 'DEMO1',
      onconnect: () => calls.push('new callback'),
    });
    opened.push(first);
    expect(second).toBe(first);
    await second.connect();
    expect(calls).toEqual(['new callback']);
  });

  it('destroy disconnects and forgets the instance', async () => {
    const { nim } = await connectClient(server, 0);
    await nim.destroy();
    expect(nim.state).toBe('destroyed');
    const fresh = NIM.getInstance(demoOptions(server, 0));
    opened.push(fresh);
    expect(fresh).not.toBe(nim);
  });

  it('disconnect() stops the link without reconnecting, and connect() logs in again', async () => {
    const { nim, events } = track(await connectClient(server, 0));
    await nim.disconnect();
    expect(await events.next('disconnect')).toMatchObject({ code: 'manual' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(events.names()).not.toContain('willreconnect');
    expect(nim.state).toBe('disconnected');
    await nim.connect();
    expect(nim.state).toBe('logined');
  });

  it('settles NIM-style done(error, result) callbacks as well as promises', async () => {
    const { nim } = track(await connectClient(server, 0));
    const ok = await new Promise<unknown[]>(
      (resolve) => void nim.getServerTime({ done: (...args) => resolve(args) }),
    );
    expect(ok[0]).toBeNull();
    expect(ok[1]).toBeGreaterThan(0);
    const failed = await new Promise<unknown[]>(
      (resolve) => void nim.kick({ deviceIds: [], done: (...args) => resolve(args) }),
    );
    expect(failed[0]).toMatchObject({ code: 414 });
  });

  it('requires an account', () => {
    expect(() => NIM.getInstance({ ...demoOptions(server, 0), account: '' })).toThrow(
      /requires an account/,
    );
  });
});

describe('commands', () => {
  it('fails at once while disconnected, with the socket-state error', async () => {
    const nim = NIM.getInstance(demoOptions(server, 0));
    opened.push(nim);
    await expect(nim.getServerTime()).rejects.toMatchObject({
      code: 'Error_Connection_Socket_State_not_Match',
    });
  });

  it('keeps working across the serial wrap past 32767', async () => {
    const { nim } = track(await connectClient(server, 0, { serialStart: 32760 }));
    const times = await Promise.all(Array.from({ length: 20 }, () => nim.getServerTime()));
    expect(times.every((t) => t > 0)).toBe(true);
  });

  it('answers a bad parameter with 414 naming the field', async () => {
    const { nim } = track(await connectClient(server, 0));
    await expect(nim.kick({ deviceIds: [] })).rejects.toMatchObject({
      code: 414,
      message: expect.stringMatching(/^deviceIds/),
    });
  });

  it('answers a declared command without a handler with Not_Support', async () => {
    const { nim } = track(await connectClient(server, 0));
    await expect(nim.sendCmd('notifyTransLog', {})).rejects.toMatchObject({
      code: 403,
      message: expect.stringContaining('Not_Support'),
    });
  });

  it('answers 999 when the reply cannot be packed, and the link goes on', async () => {
    server.server.imGateway.gateway.use({
      notifyUploadLog: async () => ({ text: 'x'.repeat(MAX_FRAME_BYTES) }),
    });
    const { nim } = track(await connectClient(server, 0));
    await expect(
      nim.sendCmd('notifyUploadLog', { url: 'https://x/log.txt' }),
    ).rejects.toMatchObject({ code: 999 });
    expect(await nim.getServerTime()).toBeGreaterThan(0);
  });

  it('times out a command the server does not answer in time (408); the server moves on (503)', async () => {
    server.server.imGateway.gateway.use({ audioToText: () => new Promise(() => {}) });
    const { nim } = track(await connectClient(server, 0));
    await expect(
      nim.sendCmd('audioToText', { url: 'https://x/a.aac' }, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: 408 });
    // Commands are handled in order: the next one waits until the stuck one hits its limit.
    await expect(nim.sendCmd('audioToText', { url: 'https://x/b.aac' })).rejects.toMatchObject({
      code: 503,
    });
    expect(await nim.getServerTime()).toBeGreaterThan(0); // the link survives
  });
});
