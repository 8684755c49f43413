// The Engine.IO links' handshake helpers on a real HTTP server and Engine.IO server.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Server as EngineServer } from 'engine.io';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { corkHandshakes, pollingCors } from './engine-link.ts';

const PATH = '/im/link/';
let server: Server | undefined;
let engine: EngineServer | undefined;

afterEach(async () => {
  engine?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = engine = undefined;
});

async function listen(): Promise<string> {
  server = createServer();
  engine = new EngineServer({ transports: ['polling', 'websocket'] });
  engine.use(pollingCors());
  corkHandshakes(server, PATH);
  engine.attach(server, { path: PATH });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('pollingCors', () => {
  it('answers a polling handshake from another origin with that origin', async () => {
    const host = await listen();
    const response = await fetch(`http://${host}${PATH}?EIO=4&transport=polling`, {
      headers: { origin: 'https://app.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((await response.text()).startsWith('0{')).toBe(true);
  });

  it('adds no CORS header to a websocket handshake', async () => {
    const host = await listen();
    const socket = new WebSocket(`ws://${host}${PATH}?EIO=4&transport=websocket`, {
      origin: 'https://app.example',
    });
    // The open packet may come in the same read as the 101: both listeners before either.
    const upgraded = new Promise<IncomingMessage['headers']>((resolve, reject) => {
      socket.once('upgrade', (response) => resolve(response.headers));
      socket.once('error', reject);
    });
    const opened = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(String(data))),
    );
    const [headers, open] = await Promise.all([upgraded, opened]);
    socket.close();
    expect(headers['access-control-allow-origin']).toBeUndefined();
    expect(open.startsWith('0{')).toBe(true);
  });
});

describe('corkHandshakes', () => {
  it("corks a new websocket's TCP socket for the turn, not a polling session's upgrade", async () => {
    const host = await listen();
    const seen: { url: string; corked: number; later?: number }[] = [];
    // Engine.IO's listener runs after the cork; this one after Engine.IO's.
    server!.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
      const entry = { url: request.url ?? '', corked: socket.writableCorked };
      seen.push(entry);
      setImmediate(() =>
        setImmediate(() => Object.assign(entry, { later: socket.writableCorked })),
      );
    });
    const fresh = new WebSocket(`ws://${host}${PATH}?EIO=4&transport=websocket`);
    await new Promise((resolve) => fresh.once('message', resolve));
    // A made-up sid: Engine.IO refuses the upgrade, which is not what is looked at here.
    const upgrade = new WebSocket(`ws://${host}${PATH}?EIO=4&transport=websocket&sid=nope`);
    await new Promise((resolve) => upgrade.once('close', resolve).once('error', resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fresh.close();
    expect(seen.map((s) => [s.url.includes('sid='), s.corked, s.later])).toEqual([
      [false, 1, 0],
      [true, 0, 0],
    ]);
  });
});
