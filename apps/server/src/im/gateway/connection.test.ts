// The connection's inbound queue is bounded by bytes as well as by count (security review M6):
// frames waiting behind a slow command may not add up past queueMaxBytes.
import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { COMMANDS, decodeFrame, encodeFrame } from '@morsel/protocol';
import type { Socket } from 'engine.io';
import { ImConnection, shareFrame, type CommandRunner } from './connection.ts';

/** Just enough of an Engine.IO socket: it records sends and whether it was closed. */
class FakeSocket extends EventEmitter {
  readonly request = { socket: { remoteAddress: '10.0.0.1' } };
  readonly sent: Buffer[] = [];
  closed = false;
  send(data: Buffer) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.emit('close');
  }
}

/** A runner whose commands never finish, so every later frame stays queued. */
const stuck: CommandRunner = {
  run: () => new Promise(() => {}),
  frequencyBlock: () => 0,
  closed: () => {},
};

const MiB = 1024 * 1024;

describe('ImConnection queue', () => {
  it('closes the connection once queued frames exceed queueMaxBytes, not before', async () => {
    const socket = new FakeSocket();
    const limits = { loginTimeoutMs: 60_000, handlerTimeoutMs: 60_000, queueMaxBytes: MiB };
    const connection = new ImConnection(
      socket as unknown as Socket,
      stuck,
      pino({ level: 'silent' }),
      limits,
      '10.0.0.1',
    );
    // Logged in, so the first command reaches the stuck runner and holds the queue.
    connection.session = {
      appKey: 'app',
      accid: 'a',
      nick: '',
      clientType: 16,
      deviceId: 'd',
      os: 'test',
      loginAt: 0,
    };
    const time = COMMANDS.getServerTime;
    socket.emit(
      'message',
      Buffer.from(encodeFrame({ sid: time.sid, cid: time.cid, ser: 1, code: 0 })),
    );
    const { sid, cid } = COMMANDS.login;
    const frame = (ser: number) =>
      Buffer.from(encodeFrame({ sid, cid, ser, code: 0, body: { pad: 'x'.repeat(300 * 1024) } }));
    for (let ser = 2; ser <= 4; ser++) socket.emit('message', frame(ser));
    await new Promise((r) => setImmediate(r));
    expect(socket.closed).toBe(false); // about 900 KiB waiting
    socket.emit('message', frame(5));
    expect(socket.closed).toBe(true); // about 1.2 MiB: over the bound
    expect(connection.closed).toBe(true);
  });
});

/** A TCP socket's cork count, as Engine.IO's websocket transport reaches it. */
class RawSocket {
  corked = 0;
  cork() {
    this.corked++;
  }
  uncork() {
    if (this.corked > 0) this.corked--;
  }
}

/**
 * Just enough of an Engine.IO socket on a websocket: packets join `writeBuffer` and `flush`
 * hands them to the transport in one call, as engine.io 6 does; each call records the packets
 * and whether the TCP socket was corked meanwhile.
 */
class FakeEngineSocket extends FakeSocket {
  readyState = 'open';
  writeBuffer: { type: string; options: object; data: Buffer }[] = [];
  readonly raw = new RawSocket();
  readonly transport = { name: 'websocket', writable: true, socket: { _socket: this.raw } };
  readonly writes: { frames: Buffer[]; corked: boolean }[] = [];
  override send(data: Buffer) {
    this.writeBuffer.push({ type: 'message', options: { compress: true }, data });
    this.flush();
  }
  flush() {
    if (!this.transport.writable || this.writeBuffer.length === 0) return;
    const packets = this.writeBuffer;
    this.writeBuffer = [];
    this.writes.push({ frames: packets.map((p) => p.data), corked: this.raw.corked > 0 });
    for (const packet of packets) this.sent.push(packet.data);
  }
}

function openConnection(socket: FakeSocket, runner: CommandRunner) {
  const limits = { loginTimeoutMs: 60_000, handlerTimeoutMs: 60_000, queueMaxBytes: MiB };
  const connection = new ImConnection(
    socket as unknown as Socket,
    runner,
    pino({ level: 'silent' }),
    limits,
    '10.0.0.1',
  );
  connection.session = {
    appKey: 'app',
    accid: 'a',
    nick: '',
    clientType: 16,
    deviceId: 'd',
    os: 'test',
    loginAt: 0,
  };
  return connection;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ImConnection writes', () => {
  // A command whose handler pushes on the way (the sync's syncMyInfo) before its reply.
  const pushing: CommandRunner = {
    run: async (connection) => {
      await Promise.resolve();
      connection.push('syncMyInfo', { user: { account: 'a' } } as never);
      await Promise.resolve();
      return { serverTime: 1 };
    },
    frequencyBlock: () => 0,
    closed: () => {},
  };
  const time = COMMANDS.getServerTime;
  const request = (ser: number) =>
    Buffer.from(encodeFrame({ sid: time.sid, cid: time.cid, ser, code: 0 }));

  it("sends a handler's push and its reply in one corked write on an Engine.IO websocket", async () => {
    const socket = new FakeEngineSocket();
    openConnection(socket, pushing);
    socket.emit('message', request(1));
    await tick();
    expect(socket.writes).toHaveLength(1);
    expect(socket.writes[0]!.corked).toBe(true);
    expect(socket.writes[0]!.frames.map((f) => decodeFrame(f).sid)).toEqual([
      COMMANDS.syncMyInfo.sid,
      time.sid,
    ]);
    expect(socket.raw.corked).toBe(0);
  });

  it('sends frame by frame, in order, when the transport is busy writing', async () => {
    const socket = new FakeEngineSocket();
    socket.transport.writable = false;
    openConnection(socket, pushing);
    socket.emit('message', request(1));
    await tick();
    expect(socket.writes).toHaveLength(0);
    socket.transport.writable = true;
    socket.flush();
    expect(socket.writes).toHaveLength(1);
    expect(socket.writes[0]!.frames.map((f) => decodeFrame(f).sid)).toEqual([
      COMMANDS.syncMyInfo.sid,
      time.sid,
    ]);
  });

  it('keeps the order of shared frames and sends what is queued before closing', async () => {
    const socket = new FakeSocket();
    const connection = openConnection(socket, pushing);
    connection.sendBytes(encodeFrame({ sid: 7, cid: 1, ser: 0, code: 200 }));
    connection.sendShared(shareFrame(encodeFrame({ sid: 7, cid: 2, ser: 0, code: 200 })));
    connection.sendBytes(encodeFrame({ sid: 7, cid: 3, ser: 0, code: 200 }));
    expect(socket.sent).toHaveLength(0); // the turn is not over
    connection.close('test');
    expect(socket.sent.map((f) => decodeFrame(f).cid)).toEqual([1, 2, 3]);
    expect(socket.closed).toBe(true);
  });
});
