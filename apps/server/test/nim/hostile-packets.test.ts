// Hostile NIM packets on the socket.io 0.9 link: each gets NIM's error code or is counted as an
// unreadable frame, and the server keeps answering; nothing crashes or hangs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../harness/index.ts';

/** A raw socket.io 0.9 client: handshake, websocket, and the packets it receives. */
async function rawNimLink(server: TestServer) {
  const handshake = await (await fetch(`${server.url}/socket.io/1/?t=1`)).text();
  const [sid, heartbeat, close, transports] = handshake.split(':');
  expect(Number(heartbeat)).toBeGreaterThan(0);
  expect(Number(close)).toBeGreaterThan(0);
  expect(transports!.split(',')).toContain('websocket');
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket.io/1/websocket/${sid}`);
  const packets: string[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    packets.push(data.toString());
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const nextJson = async () => {
    for (;;) {
      const index = packets.findIndex((p) => p.startsWith('3:::'));
      if (index >= 0) return JSON.parse(packets.splice(index, 1)[0]!.slice(4));
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { ws, packets, nextJson, closed, sid: sid! };
}

describe('hostile NIM packets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('opens with a connect packet and refuses a session id used twice or never issued', async () => {
    const link = await rawNimLink(server);
    expect(link.packets[0]).toBe('1::');
    for (const sid of [link.sid, 'never-issued']) {
      const refused = new WebSocket(
        `${server.url.replace('http', 'ws')}/socket.io/1/websocket/${sid}`,
      );
      await new Promise<void>((resolve) => refused.once('error', () => resolve()));
    }
    link.ws.close();
  });

  it('answers wrong parameters with 414 and an unsupported command with 403, then still serves', async () => {
    const link = await rawNimLink(server);
    const send = (packet: unknown) => link.ws.send(`3:::${JSON.stringify(packet)}`);
    // Login with property values of the wrong kinds, unknown tags and a huge array.
    send({ SID: 2, CID: 3, SER: 1, Q: [{ t: 'Property', v: { 3: 'web', 18: 5, 999: 'x' } }] });
    expect(await link.nextJson()).toMatchObject({ sid: 2, cid: 3, ser: 1, code: 414 });
    send({ SID: 2, CID: 3, SER: 2, Q: [{ t: 'Property', v: new Array(100_000).fill('x') }] });
    expect(await link.nextJson()).toMatchObject({ ser: 2, code: 414 });
    // A command of the table the NIM dialect does not carry yet.
    send({ SID: 7, CID: 6, SER: 3, Q: [] });
    expect(await link.nextJson()).toMatchObject({ sid: 7, cid: 6, ser: 3, code: 403 });
    // Still alive: the heartbeat command answers.
    send({ SID: 1, CID: 2, SER: 0 });
    expect(await link.nextJson()).toMatchObject({ sid: 1, cid: 2, code: 200 });
    link.ws.close();
  });

  it('answers ill-typed parameters of the mapped commands with 414 once logged in', async () => {
    const link = await rawNimLink(server);
    const send = (packet: unknown) => link.ws.send(`3:::${JSON.stringify(packet)}`);
    const { appKey, demoAccounts } = server.server.seeded;
    const account = demoAccounts[0]!;
    send({
      SID: 2,
      CID: 3,
      SER: 1,
      Q: [
        {
          t: 'Property',
          v: {
            3: '16',
            4: 'Node',
            6: '92112',
            8: '0',
            9: '1',
            13: 'hostile-device',
            18: appKey,
            19: account.accid,
            1000: account.token,
          },
        },
      ],
    });
    expect(await link.nextJson()).toMatchObject({ sid: 2, cid: 3, ser: 1, code: 200 });
    const hostile = [
      // A team receipt list that is not a list, and one with garbage items.
      { SID: 8, CID: 28, Q: [{ t: 'ArrayMable', v: 'not a list' }] },
      { SID: 8, CID: 28, Q: [{ t: 'ArrayMable', v: [null, 7, { t: 'Property', v: [] }] }] },
      // A recall of an unknown type, a receipt without ids, a friend request of type 9.
      { SID: 7, CID: 13, Q: [{ t: 'Property', v: { 1: '99', 11: 'x' } }] },
      { SID: 7, CID: 11, Q: [{ t: 'Property', v: { 7: 'yesterday' } }] },
      {
        SID: 12,
        CID: 1,
        Q: [
          { t: 'String', v: 'demo2' },
          { t: 'Byte', v: 9 },
        ],
      },
      // A team with a mode NIM does not have, a session ack of an unknown scene.
      { SID: 8, CID: 1, Q: [{ t: 'Property', v: { 3: 'x', 4: '1', 16: '7' } }] },
      {
        SID: 7,
        CID: 16,
        Q: [
          { t: 'Byte', v: 9 },
          { t: 'String', v: 'demo2' },
        ],
      },
      // An event with text for its numbers.
      { SID: 14, CID: 1, Q: [{ t: 'Property', v: { 1: 'one', 2: 'two' } }] },
    ];
    for (const [index, packet] of hostile.entries()) {
      send({ ...packet, SER: 10 + index });
      expect(await link.nextJson(), JSON.stringify(packet)).toMatchObject({
        sid: packet.SID,
        cid: packet.CID,
        ser: 10 + index,
        code: 414,
      });
    }
    send({ SID: 1, CID: 2, SER: 0 });
    expect(await link.nextJson()).toMatchObject({ sid: 1, cid: 2, code: 200 });
    link.ws.close();
  });

  it('makes a chatroom link of a socket opening with 13_2, and refuses what that link lacks', async () => {
    const link = await rawNimLink(server);
    const send = (packet: unknown) => link.ws.send(`3:::${JSON.stringify(packet)}`);
    // A chatroom login with a room that is not a number and a client type NIM does not have.
    const login = { 1: server.server.seeded.appKey, 5: 'room; drop table', 3: 'device' };
    send({
      SID: 13,
      CID: 2,
      SER: 1,
      Q: [
        { t: 'Byte', v: 1 },
        { t: 'Property', v: login },
        { t: 'Property', v: { 3: 'web' } },
      ],
    });
    expect(await link.nextJson()).toMatchObject({ sid: 13, cid: 2, ser: 1, code: 414 });
    // The IM link's login is no command of the chatroom link; room commands need a login first.
    send({ SID: 2, CID: 3, SER: 2, Q: [] });
    expect(await link.nextJson()).toMatchObject({ sid: 2, cid: 3, ser: 2, code: 403 });
    send({ SID: 13, CID: 6, SER: 3, Q: [{ t: 'Property', v: { 1: 'x', 2: '0', 3: 'hi' } }] });
    expect((await link.nextJson()).code).not.toBe(200);
    // Its heartbeat is the IM link's.
    send({ SID: 1, CID: 2, SER: 0 });
    expect(await link.nextJson()).toMatchObject({ sid: 1, cid: 2, code: 200 });
    link.ws.close();
  });

  it('closes a socket that never sends a command', async () => {
    const quick = await startTestServer({ imLoginTimeoutMs: 1000 });
    try {
      const link = await rawNimLink(quick);
      await link.closed;
    } finally {
      await quick.stop();
    }
  });

  it('closes a link that keeps sending unreadable packets, and the server stays up', async () => {
    const link = await rawNimLink(server);
    for (const bad of ['3:::{not json', '3:::[1,2]', '3:::{"SID":-1,"CID":3,"SER":1}', '7:::x'])
      link.ws.send(bad);
    await link.closed;
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });
});
