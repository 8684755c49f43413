import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { COMMANDS, encodeFrame } from '@morsel/protocol';
import { NimSocket } from './nim-socket.ts';
import type { NimFraming, NimPacket } from './framing.ts';
import type { NimWire } from './wire.ts';

/** A wire that keeps what the socket writes, and a framing that cannot write one id. */
function socketWith(unwritable: { sid: number; cid: number }) {
  const written: NimPacket[] = [];
  const wire: NimWire<string> = {
    send: (data) => void written.push(JSON.parse(data) as NimPacket),
    close() {},
    onMessage() {},
    onClose() {},
  };
  const framing: NimFraming<string> = {
    read: () => ({ ignore: true }),
    write(packet) {
      if (packet.sid === unwritable.sid && packet.cid === unwritable.cid && packet.code === 200)
        throw new Error('cannot be written');
      return JSON.stringify(packet);
    },
  };
  const socket = new NimSocket(wire, framing, pino({ level: 'silent' }), {
    heartbeatMs: 60_000,
    closeMs: 60_000,
  });
  return { socket, written };
}

describe('a NIM socket whose framing cannot write a packet', () => {
  it('still answers a request (500), so the SDK does not wait for it', () => {
    const { sid, cid } = COMMANDS.getServerTime;
    const { socket, written } = socketWith({ sid, cid });
    socket.send(Buffer.from(encodeFrame({ sid, cid, ser: 7, code: 200, body: { time: 1 } })));
    expect(written).toEqual([{ sid, cid, ser: 7, code: 500, r: [] }]);
    socket.close();
  });

  it('leaves a push out', () => {
    const { sid, cid } = COMMANDS.kicked;
    const body = { reason: 'samePlatformKick', clientType: 16 };
    const push = Buffer.from(encodeFrame({ sid, cid, ser: 0, code: 200, body }));
    // The same push where the framing can write it: it goes out.
    const writable = socketWith({ sid: 0, cid: 0 });
    writable.socket.send(push);
    expect(writable.written).toMatchObject([{ sid, cid, ser: 0, code: 200 }]);
    writable.socket.close();

    const { socket, written } = socketWith({ sid, cid });
    socket.send(push);
    expect(written).toEqual([]);
    socket.close();
  });
});
