// Several devices of one account, kicks, reconnects and frequency control, with the real SDK.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { WebSocket } from 'ws';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { captureLog } from '../harness/captured-log.ts';
import { connectClient, demoOptions, Events } from './clients.ts';

let server: TestServer;
const opened: NIM[] = [];
const track = <T extends { nim: NIM }>(client: T) => (opened.push(client.nim), client);

beforeAll(async () => {
  server = await startTestServer({ imCommandsPerSecond: 5, imFrequencyBlockSeconds: 2 });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
});
afterAll(async () => {
  await server?.stop();
});

// One account on several devices needs one instance per device: in tests, two processes are
// simulated by giving each instance its own app-key spelling of the same account.
function secondDevice(extra: Parameters<typeof demoOptions>[2] = {}) {
  const events = new Events();
  const options = {
    ...demoOptions(server, 0, extra),
    account: 'DEMO1',
    ...events.callbacks(),
    ...extra,
  };
  const nim = NIM.getInstance(options);
  opened.push(nim);
  return { nim, events };
}

describe('several devices of one account', () => {
  it('lets web tabs coexist and tells each about the others', async () => {
    const first = track(await connectClient(server, 0));
    const second = secondDevice();
    const reply = await second.nim.connect();
    expect(reply.loginPorts.map((p) => p.type)).toEqual([16]);
    const change =
      await first.events.next<{ online: boolean; deviceId: string }[]>('loginportschange');
    expect(change).toEqual([expect.objectContaining({ online: true, type: 16 })]);

    await second.nim.logout();
    const gone = await first.events.next<{ online: boolean }[]>('loginportschange');
    expect(gone).toEqual([expect.objectContaining({ online: false })]);
    expect(first.nim.state).toBe('logined');
  });

  it('kicks the older mobile session when another phone logs in (same platform)', async () => {
    const phone = track(await connectClient(server, 0, { clientType: 'Android' }));
    const other = secondDevice({ clientType: 'iOS' });
    const reply = await other.nim.connect();
    expect(reply.loginPorts).toEqual([]);
    expect(await phone.events.next('disconnect')).toMatchObject({
      code: 'kicked',
      reason: 'samePlatformKick',
      fromClientType: 2,
    });
    expect(phone.events.names()).not.toContain('willreconnect');
  });

  it('kicks another device by its device id (other platform kick)', async () => {
    const desktop = track(
      await connectClient(server, 0, { clientType: 'PC', deviceId: 'the-desktop' }),
    );
    const web = secondDevice();
    await web.nim.connect();
    expect(await web.nim.kick({ deviceIds: ['the-desktop', 'no-such-device'] })).toEqual({
      deviceIds: ['the-desktop'],
    });
    expect(await desktop.events.next('disconnect')).toMatchObject({
      code: 'kicked',
      reason: 'otherPlatformKick',
      fromClientType: 16,
    });
  });
});

describe('reconnection', () => {
  it('reconnects after the server is killed and restarted, with the will-reconnect sequence', async () => {
    const own = await startTestServer();
    const port = own.port;
    const events = new Events();
    const nim = NIM.getInstance({ ...demoOptions(own, 0), ...events.callbacks() });
    opened.push(nim);
    await nim.connect();
    await events.next('syncdone');

    // Killed: connections drop without a kick (the process dies, it does not shut down).
    own.server.imGateway.gateway.shutdown = async () => {};
    await own.stop({ keepData: true });
    const first = await events.next<{ retryCount: number; duration: number }>('willreconnect');
    expect(first.retryCount).toBe(1);
    expect(first.duration).toBeGreaterThanOrEqual(500);
    expect(first.duration).toBeLessThanOrEqual(600);

    const restarted = await startTestServer({ dataDir: own.dataDir, port });
    try {
      await events.next('connect', 30_000);
      await events.next('syncdone');
      expect(nim.state).toBe('logined');
      const retries = events.seen
        .filter((e) => e.name === 'willreconnect')
        .map((e) => (e.value as { retryCount: number }).retryCount);
      expect(retries).toEqual(retries.map((_, i) => i + 1));
      expect(await nim.getServerTime()).toBeGreaterThan(0);
      expect(events.names()).not.toContain('disconnect');
    } finally {
      await nim.destroy();
      await restarted.stop();
    }
  });

  it('reconnects silently when the server shuts down gracefully (silent kick)', async () => {
    const own = await startTestServer();
    const events = new Events();
    const nim = NIM.getInstance({ ...demoOptions(own, 0), ...events.callbacks() });
    opened.push(nim);
    await nim.connect();
    await own.stop({ keepData: true });
    const restarted = await startTestServer({ dataDir: own.dataDir, port: own.port });
    try {
      await events.next('connect'); // the first login
      await events.next('connect', 30_000);
      expect(events.names()).not.toContain('disconnect');
    } finally {
      await nim.destroy();
      await restarted.stop();
    }
  });

  it('answers a command in flight before the shutdown sends the client away', async () => {
    const own = await startTestServer();
    const events = new Events();
    const nim = NIM.getInstance({ ...demoOptions(own, 0), ...events.callbacks() });
    opened.push(nim);
    await nim.connect();
    // A command that is still being handled when the shutdown starts.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    own.server.imGateway.gateway.use({
      async getServerTime({ now }) {
        started();
        await held;
        return { time: now() };
      },
    });
    const answer = nim.getServerTime();
    await running;
    const stopping = own.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still connected: the shutdown waits for the command.
    expect(events.names()).not.toContain('willreconnect');
    release();
    expect(await answer).toBeGreaterThan(0);
    await stopping;
    await nim.destroy();
  });

  it('cuts links that never answer their close frame instead of waiting for them, and keeps acknowledged messages', async () => {
    const captured = captureLog('info');
    const own = await startTestServer({}, {}, { log: captured.log });
    const sender = await connectClient(own, 0);
    opened.push(sender.nim);
    const sent = await sender.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'before the stop' });
    // Links whose clients read nothing: a WebSocket close waits up to 30 s for each one's answer.
    const silent = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${own.port}/im/link/?EIO=4&transport=websocket`);
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        (ws as unknown as { _socket: { pause(): void } })._socket.pause();
        return ws;
      }),
    );
    // Within the test's time-out, far below the 30 s the close handshakes alone could take.
    await own.stop({ keepData: true });
    const cut = captured
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; cut?: number })
      .find((line) => line.msg === 'links that had not closed were cut');
    expect(cut?.cut).toBeGreaterThanOrEqual(silent.length);
    for (const ws of silent) ws.terminate();

    const restarted = await startTestServer({ dataDir: own.dataDir, port: own.port });
    try {
      const receiver = await connectClient(restarted, 1);
      opened.push(receiver.nim);
      const history = await receiver.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 10 });
      expect(history.msgs.map((m) => m.idServer)).toContain(sent.idServer);
    } finally {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await restarted.stop();
    }
  }, 20_000);

  it('stops reconnecting after logout', async () => {
    const { nim, events } = track(await connectClient(server, 0));
    await nim.logout();
    expect(await events.next('disconnect')).toMatchObject({ code: 'logout' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(events.names()).not.toContain('willreconnect');
    expect(nim.state).toBe('disconnected');
  });
});

describe('frequency control', () => {
  it('answers 416 with the blocking time, and the SDK then fails the command locally', async () => {
    const { nim } = track(await connectClient(server, 1));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => nim.getServerTime()));
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(refused[0]).toMatchObject({ code: 416, event: { duration: 2 } });

    // Blocked locally now: even with no connection the answer is 416, not a socket-state error.
    await nim.disconnect();
    await expect(nim.getServerTime()).rejects.toMatchObject({ code: 416 });
  });
});
