// NIM's binary link on a raw WebSocket (the official browser builds are in
// e2e/nim-browser.test.ts): login, the link check, and hostile frames, which get 998 and close
// the link after three, while the server stays up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeNimPacket, MAX_FRAME_BYTES, NIM_WIRE_TYPES } from '@morsel/protocol';
import { startTestServer, type TestServer } from '../harness/index.ts';

/** A client packet in NIM's bytes (the same layout as the server's, typed by the request side). */
const request = (sid: number, cid: number, ser: number, r: unknown[]) =>
  encodeNimPacket({ sid, cid, ser, code: 200, r }, (s, c) => NIM_WIRE_TYPES.im[`${s}_${c}`]?.q);

/** The header of a server packet: what these tests check. */
function headerOf(bytes: Buffer) {
  let at = 0;
  let length = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = bytes[at++]!;
    length += (byte & 0x7f) * shift;
    if (!(byte & 0x80)) break;
  }
  const sid = bytes[at]!;
  const cid = bytes[at + 1]!;
  const ser = bytes.readUInt16LE(at + 2);
  const tag = bytes[at + 4]!;
  const code = tag & 2 ? bytes.readUInt16LE(at + 5) : 200;
  return { length, sid, cid, ser, code, body: bytes.subarray(at + (tag & 2 ? 7 : 5)) };
}

async function rawBinaryLink(server: TestServer) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/websocket`);
  const packets: ReturnType<typeof headerOf>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer, isBinary) => {
    expect(isBinary).toBe(true);
    packets.push(headerOf(data));
    expect(packets.at(-1)!.length).toBe(data.length);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = async () => {
    for (;;) {
      if (packets.length > 0) return packets.shift()!;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { ws, next, closed };
}

describe("NIM's binary link", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('logs in, echoes the link check, answers the heartbeat, and refuses a wrong token', async () => {
    const link = await rawBinaryLink(server);
    const { appKey, demoAccounts } = server.server.seeded;
    const account = demoAccounts[0]!;
    const login = { 3: '16', 4: 'Chrome', 6: '92112', 9: '1', 13: 'binary-device', 18: appKey };
    link.ws.send(request(2, 3, 1, [{ ...login, 19: account.accid, 1000: account.token }]));
    expect(await link.next()).toMatchObject({ sid: 2, cid: 3, ser: 1, code: 200 });
    const check = { 1: 'val1', 2: 'val2', 4: 'val4', 10: 'val10' };
    link.ws.send(request(6, 37, 2, [check]));
    const echo = await link.next();
    expect(echo).toMatchObject({ sid: 6, cid: 37, ser: 2, code: 200 });
    expect([...echo.body]).toEqual([...request(6, 37, 2, [check]).subarray(6)]);
    link.ws.send(request(1, 2, 3, []));
    expect(await link.next()).toMatchObject({ sid: 1, cid: 2, ser: 3, code: 200 });
    link.ws.close();

    const refused = await rawBinaryLink(server);
    refused.ws.send(request(2, 3, 1, [{ ...login, 19: account.accid, 1000: 'wrong' }]));
    expect(await refused.next()).toMatchObject({ sid: 2, cid: 3, ser: 1, code: 302 });
    refused.ws.close();
  });

  it('answers ill-typed parameters with 414 and an unknown command with 403', async () => {
    const link = await rawBinaryLink(server);
    // A login whose app key is missing and whose client type is text.
    link.ws.send(request(2, 3, 1, [{ 3: 'web', 999: 'x' }]));
    expect(await link.next()).toMatchObject({ sid: 2, cid: 3, ser: 1, code: 414 });
    link.ws.send(request(7, 6, 2, []));
    expect(await link.next()).toMatchObject({ sid: 7, cid: 6, ser: 2, code: 403 });
    link.ws.close();
  });

  it('answers truncated, garbled and text frames with 998 and closes after three', async () => {
    const link = await rawBinaryLink(server);
    const whole = request(6, 37, 1, [{ 1: 'val1' }]);
    link.ws.send(whole.subarray(0, whole.length - 2)); // truncated inside the map
    expect((await link.next()).code).toBe(998);
    link.ws.send(Buffer.from([0, 6, 37, 1, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x0f])); // huge count
    expect((await link.next()).code).toBe(998);
    link.ws.send('3:::{"SID":1,"CID":2,"SER":1}'); // socket.io text on the binary link
    expect((await link.next()).code).toBe(998);
    await link.closed;
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('closes a link whose frame is larger than the frame limit', async () => {
    const link = await rawBinaryLink(server);
    link.ws.send(Buffer.alloc(MAX_FRAME_BYTES + 1));
    expect(await link.closed).toBe(1009);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
