// A group's fan-out frames its WebSocket message once (Engine.IO's wsPreEncodedFrame, as
// Socket.IO's rooms do): the frame built here must be a binary frame around the very bytes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as EngineSocket } from 'engine.io';
import { Socket as ClientSocket } from 'engine.io-client';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { encodeFrame, type Msg } from '@morsel/protocol';
import { ImConnection, shareFrame } from './connection.ts';
import { pushFrame } from './push-frame.ts';

const msg: Msg = {
  scene: 'superTeam',
  from: 'alice',
  fromNick: 'Alice',
  fromClientType: 16,
  fromDeviceId: 'd-1',
  to: '1001',
  type: 0,
  text: '你好',
  idClient: 'c-1',
  idServer: '42',
  seq: 7,
  time: 1_700_000_000_000,
};

describe('shared frames', () => {
  it('frames a shared frame for the WebSocket once: a binary frame around the same bytes', () => {
    const frame = encodeFrame(pushFrame('msg', { msg }));
    const shared = shareFrame(frame);
    // One buffer: the header, then the bytes (ws writes it with one plain write).
    expect(shared.options.wsPreEncodedFrame).toHaveLength(1);
    const [wire] = shared.options.wsPreEncodedFrame!;
    expect(wire![0]).toBe(0x82); // FIN, binary
    // 126 to 65,535 bytes: 126 in the second byte, the length in the next two.
    expect(frame.length).toBeGreaterThan(125);
    expect(wire![1]).toBe(126);
    expect(wire!.readUInt16BE(2)).toBe(frame.length);
    expect(Buffer.compare(wire!.subarray(4), Buffer.from(frame))).toBe(0);
    expect(Buffer.compare(shared.bytes, Buffer.from(frame))).toBe(0);
  });

  it('frames a short message with its length in the second byte', () => {
    const frame = encodeFrame(pushFrame('notifySync', { categories: [] }));
    const [wire] = shareFrame(frame).options.wsPreEncodedFrame!;
    expect(frame.length).toBeLessThan(126);
    expect(wire![0]).toBe(0x82);
    expect(wire![1]).toBe(frame.length);
    expect(Buffer.compare(wire!.subarray(2), Buffer.from(frame))).toBe(0);
  });
});

describe('a shared frame on a real Engine.IO socket', () => {
  /** An Engine.IO server with one client on `transport`; the server side wrapped as ours is. */
  async function linked(transport: 'websocket' | 'polling') {
    const server = http.createServer();
    const engine = new Server({ transports: ['websocket', 'polling'], perMessageDeflate: false });
    engine.attach(server);
    const accepted = new Promise<EngineSocket>((resolve) => engine.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new ClientSocket(`ws://127.0.0.1:${port}`, { transports: [transport] });
    const received: Buffer[] = [];
    client.on('message', (data) => received.push(Buffer.from(data as ArrayBuffer)));
    const socket = await accepted;
    await new Promise<void>((resolve) => client.once('open', () => resolve()));
    const connection = new ImConnection(
      socket,
      { run: () => new Promise(() => {}), frequencyBlock: () => 0, closed: () => {} },
      pino({ level: 'silent' }),
      { loginTimeoutMs: 60_000, handlerTimeoutMs: 60_000, queueMaxBytes: 1 << 20 },
      '127.0.0.1',
    );
    const stop = () => {
      client.close();
      engine.close();
      server.close();
    };
    return { socket, connection, received, stop };
  }

  const frame = () => shareFrame(encodeFrame(pushFrame('msg', { msg })));

  it('goes to ws directly when Engine.IO has nothing queued, and arrives whole', async () => {
    const { socket, connection, received, stop } = await linked('websocket');
    try {
      const viaEngine = vi.spyOn(socket, 'send');
      const shared = frame();
      connection.sendShared(shared);
      await vi.waitFor(() => expect(received).toHaveLength(1));
      expect(viaEngine).not.toHaveBeenCalled();
      expect(Buffer.compare(received[0]!, shared.bytes)).toBe(0);
    } finally {
      stop();
    }
  });

  it('queues behind what Engine.IO holds, and goes through Engine.IO on long-polling', async () => {
    const ws = await linked('websocket');
    try {
      // Engine.IO holds a packet while its transport is busy: the shared frame must follow it.
      ws.socket.transport.writable = false;
      ws.socket.send(Buffer.from([1, 2, 3]));
      const shared = frame();
      ws.connection.sendShared(shared);
      ws.socket.transport.writable = true;
      (ws.socket as unknown as { flush(): void }).flush(); // what the transport's drain calls
      await vi.waitFor(() => expect(ws.received).toHaveLength(2));
      expect([...ws.received[0]!]).toEqual([1, 2, 3]);
      expect(Buffer.compare(ws.received[1]!, shared.bytes)).toBe(0);
    } finally {
      ws.stop();
    }
    const polling = await linked('polling');
    try {
      const shared = frame();
      polling.connection.sendShared(shared);
      await vi.waitFor(() => expect(polling.received).toHaveLength(1));
      expect(Buffer.compare(polling.received[0]!, shared.bytes)).toBe(0);
    } finally {
      polling.stop();
    }
  });
});
