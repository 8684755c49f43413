// The IM link as an app meets it: the real SDK against the real server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NIM, type ImError } from '@morsel/im-sdk';
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
    const nim = NIM.getInstance({ ...demoOptions(server, 1), token: 'wrong-token', ...events.callbacks() });
    opened.push(nim);
    await expect(nim.connect()).rejects.toMatchObject({ code: 302 });
    expect(await events.next('disconnect')).toMatchObject({ code: 302 });
    expect(events.names()).not.toContain('willreconnect');
    expect(nim.state).toBe('disconnected');
  });

  it('refuses a disabled account with 422, and kicks it when it is blocked while online', async () => {
    const { nim, events } = track(await connectClient(server, 2));
    await server.server.imAccounts.block(server.server.seeded.appKey, 'demo3', true);
    try {
      expect(await events.next('disconnect')).toMatchObject({ code: 'kicked', reason: 'serverKick' });
      await nim.destroy();
      const again = NIM.getInstance({ ...demoOptions(server, 2) });
      opened.push(again);
      await expect(again.connect()).rejects.toMatchObject({ code: 422 });
    } finally {
      await server.server.imAccounts.unblock(server.server.seeded.appKey, 'demo3');
    }
  });

  it('works over forced long-polling', async () => {
    const { nim } = track(await connectClient(server, 0, { transports: ['polling'] }));
    expect(await nim.getServerTime()).toBeGreaterThan(0);
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

describe('instances', () => {
  it('caches one instance per account and reuses it with updated options', async () => {
    const options = demoOptions(server, 0);
    const first = NIM.getInstance(options);
    const calls: string[] = [];
    const second = NIM.getInstance({ ...options, account: 'DEMO1', onconnect: () => calls.push('new callback') });
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

  it('requires an account', () => {
    expect(() => NIM.getInstance({ ...demoOptions(server, 0), account: '' })).toThrow(/requires an account/);
  });
});

describe('commands', () => {
  it('fails at once while disconnected, with the socket-state error', async () => {
    const nim = NIM.getInstance(demoOptions(server, 0));
    opened.push(nim);
    await expect(nim.getServerTime()).rejects.toMatchObject({ code: 'Error_Connection_Socket_State_not_Match' });
  });

  it('keeps working across the serial wrap past 32767', async () => {
    const { nim } = track(await connectClient(server, 0, { serialStart: 32760 }));
    const times = await Promise.all(Array.from({ length: 20 }, () => nim.getServerTime()));
    expect(times.every((t) => t > 0)).toBe(true);
  });

  it('answers a bad parameter with 414 naming the field', async () => {
    const { nim } = track(await connectClient(server, 0));
    await expect(nim.kick({ deviceIds: [] })).rejects.toMatchObject({ code: 414, message: expect.stringMatching(/^deviceIds/) });
  });

  it('answers a declared command without a handler with Not_Support', async () => {
    const { nim } = track(await connectClient(server, 0));
    await expect(nim.sendCmd('processImage', { url: 'https://x/a.jpg', imageOps: [] })).rejects.toMatchObject({ code: 403, message: expect.stringContaining('Not_Support') });
  });

  it('times out a command the server does not answer in time (408); the server moves on (503)', async () => {
    server.server.imGateway.gateway.use({ audioToText: () => new Promise(() => {}) });
    const { nim } = track(await connectClient(server, 0));
    await expect(nim.sendCmd('audioToText', { url: 'https://x/a.aac' }, { timeoutMs: 300 })).rejects.toMatchObject({ code: 408 });
    // Commands are handled in order: the next one waits until the stuck one hits its limit.
    await expect(nim.sendCmd('audioToText', { url: 'https://x/b.aac' })).rejects.toMatchObject({ code: 503 });
    expect(await nim.getServerTime()).toBeGreaterThan(0); // the link survives
  });
});
