// The connection's inbound queue is bounded by bytes as well as by count (security review M6):
// frames waiting behind a slow command may not add up past queueMaxBytes.
import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { COMMANDS, encodeFrame } from '@morsel/protocol';
import type { Socket } from 'engine.io';
import { ImConnection, type CommandRunner } from './connection.ts';

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
