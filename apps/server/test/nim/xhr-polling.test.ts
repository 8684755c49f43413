// socket.io 0.9's xhr-polling transport, the official NIM Web SDK's fallback where WebSocket
// fails (its Node build always takes the websocket, so a raw polling client plays the SDK here):
// the handshake names the transport, the first poll opens the session with a connect packet,
// POSTed packets (one, or several framed) log in and send, a held poll delivers a message sent
// by a client of our own SDK, broken input is refused with 4xx, and a disconnect ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from '../im-link/clients.ts';

const FRAME = '\ufffd';

/** socket.io 0.9's payload: one packet as it is, several as `\ufffd<length>\ufffd<packet>`. */
function packetsOf(body: string): string[] {
  if (!body.startsWith(FRAME)) return [body];
  const out: string[] = [];
  for (let at = 0; at < body.length;) {
    const end = body.indexOf(FRAME, at + 1);
    const length = Number(body.slice(at + 1, end));
    out.push(body.slice(end + 1, end + 1 + length));
    at = end + 1 + length;
  }
  return out;
}
const framed = (packets: string[]) =>
  packets.map((p) => `${FRAME}${p.length}${FRAME}${p}`).join('');
const json = (packet: unknown) => `3:::${JSON.stringify(packet)}`;

/** A raw xhr-polling client: handshake, polls and posts, and the NIM packets it received. */
async function pollingClient(server: TestServer) {
  const handshake = await (await fetch(`${server.url}/socket.io/1/?t=${Date.now()}`)).text();
  const [sid, , , transports] = handshake.split(':');
  const url = `${server.url}/socket.io/1/xhr-polling/${sid}`;
  const received: string[] = [];
  return {
    sid: sid!,
    transports: transports!.split(','),
    url,
    async poll() {
      const response = await fetch(`${url}?t=${Date.now()}`);
      const body = await response.text();
      if (response.ok) received.push(...packetsOf(body));
      return { status: response.status, body };
    },
    post(body: string) {
      return fetch(`${url}?t=${Date.now()}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
    },
    /** Polls until a NIM packet with these ids arrives. */
    async next(sid: number, cid: number) {
      for (;;) {
        const index = received.findIndex((p) => {
          if (!p.startsWith('3:::')) return false;
          const packet = JSON.parse(p.slice(4)) as { sid: number; cid: number };
          return packet.sid === sid && packet.cid === cid;
        });
        if (index >= 0) return JSON.parse(received.splice(index, 1)[0]!.slice(4));
        await this.poll();
      }
    },
  };
}

describe('the xhr-polling transport of the NIM dialect', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ imCommandsPerSecond: 10_000 });
  });
  afterAll(() => server?.stop());

  it('logs in, sends and receives over polls, then disconnects', async () => {
    const client = await pollingClient(server);
    expect(client.transports).toEqual(['websocket', 'xhr-polling']);
    expect(await client.poll()).toEqual({ status: 200, body: '1::' });

    const { appKey, demoAccounts } = server.server.seeded;
    const account = demoAccounts[0]!;
    const login = {
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
            13: 'polling-device',
            18: appKey,
            19: account.accid,
            1000: account.token,
          },
        },
      ],
    };
    // Two packets in one body: the login and a question for the server time.
    const posted = await client.post(framed([json(login), json({ SID: 6, CID: 23, SER: 2 })]));
    expect(posted.status).toBe(200);
    expect(await posted.text()).toBe('1');
    expect(await client.next(2, 3)).toMatchObject({ ser: 1, code: 200 });
    expect(await client.next(6, 23)).toMatchObject({ ser: 2, code: 200, r: [expect.any(Number)] });

    // A message of our own SDK reaches a held poll.
    const bob = await connectClient(server, 1);
    const held = client.next(7, 2);
    await bob.nim.sendText({ scene: 'p2p', to: account.accid, text: '轮询收到吗' });
    const delivered = (await held) as { r: Record<string, string>[] };
    expect(delivered.r[0]).toMatchObject({ 0: '0', 1: account.accid, 2: 'demo2', 9: '轮询收到吗' });

    // And one sent over a POST reaches ours.
    await client.post(
      json({
        SID: 7,
        CID: 1,
        SER: 3,
        Q: [{ t: 'Property', v: { 0: '0', 1: 'demo2', 8: '0', 9: '收到', 11: 'poll-msg-1' } }],
      }),
    );
    expect(await client.next(7, 1)).toMatchObject({ ser: 3, code: 200 });
    await bob.events.until(() =>
      bob.events.all<{ text?: string }>('msg').some((m) => m.text === '收到'),
    );
    await bob.nim.destroy();

    // Broken framing and unknown sessions are refused; a disconnect ends the session.
    expect((await client.post(`${FRAME}99${FRAME}short`)).status).toBe(400);
    const stranger = await fetch(`${server.url}/socket.io/1/xhr-polling/never-issued`);
    expect(stranger.status).toBe(403);
    expect(
      (
        await fetch(`${server.url}/socket.io/1/xhr-polling/never-issued`, {
          method: 'POST',
          body: '2::',
        })
      ).status,
    ).toBe(403);
    expect((await client.post('0::')).status).toBe(200);
    expect((await client.poll()).status).toBe(403);
  });
});
