// A group's fan-out frames its WebSocket message once (Engine.IO's wsPreEncodedFrame, as
// Socket.IO's rooms do): the frame built here must be a binary frame around the very bytes.
import { describe, expect, it } from 'vitest';
import { encodeFrame, type Msg } from '@morsel/protocol';
import { shareFrame } from './connection.ts';
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
    const [header, data] = shared.options.wsPreEncodedFrame!;
    expect(header![0]).toBe(0x82); // FIN, binary
    // 126 to 65,535 bytes: 126 in the second byte, the length in the next two.
    expect(frame.length).toBeGreaterThan(125);
    expect(header![1]).toBe(126);
    expect(header!.readUInt16BE(2)).toBe(frame.length);
    expect(Buffer.compare(data!, Buffer.from(frame))).toBe(0);
    expect(Buffer.compare(shared.bytes, Buffer.from(frame))).toBe(0);
  });

  it('frames a short message with its length in the second byte', () => {
    const frame = encodeFrame(pushFrame('notifySync', { categories: [] }));
    const [header, data] = shareFrame(frame).options.wsPreEncodedFrame!;
    expect(frame.length).toBeLessThan(126);
    expect(header![0]).toBe(0x82);
    expect(header![1]).toBe(frame.length);
    expect(Buffer.compare(data!, Buffer.from(frame))).toBe(0);
  });
});
