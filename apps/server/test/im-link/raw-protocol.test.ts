// The gateway as a hostile or careless client meets it: raw Engine.IO frames, no SDK.
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, encodeFrame } from '@morsel/protocol';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { rawClient } from './raw-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ imLoginTimeoutMs: 1500 });
});
afterAll(async () => {
  await server?.stop();
});

/** A raw client on this file's server; it records every frame it receives. */
const rawSocket = (transports: ('websocket' | 'polling')[] = ['websocket']) =>
  rawClient(server, { transports });

const health = async () => (await fetch(`${server.url}/healthz`)).status;

describe('the gateway with raw frames', () => {
  it('refuses a command before login with 403, and answers the heartbeat', async () => {
    const raw = await rawSocket();
    const time = COMMANDS.getServerTime;
    raw.socket.send(encodeFrame({ sid: time.sid, cid: time.cid, ser: 7, code: 0 }));
    raw.socket.send(encodeFrame({ sid: 1, cid: 2, ser: 0, code: 0 }));
    await raw.waitFor(() => raw.frames.length === 2);
    expect(raw.frames).toContainEqual(
      expect.objectContaining({ sid: 6, cid: 23, ser: 7, code: 403 }),
    );
    expect(raw.frames).toContainEqual({ sid: 1, cid: 2, ser: 0, code: 200 });
    raw.socket.close();
  });

  it('answers an unknown command with 404 and a server-only command with 403', async () => {
    const raw = await rawSocket(['polling']);
    raw.socket.send(encodeFrame({ sid: 99, cid: 1, ser: 1, code: 0 }));
    raw.socket.send(
      encodeFrame({ sid: COMMANDS.kicked.sid, cid: COMMANDS.kicked.cid, ser: 2, code: 0 }),
    );
    await raw.waitFor(() => raw.frames.length === 2);
    expect(raw.frames.map((f) => [f.ser, f.code])).toEqual([
      [1, 404],
      [2, 403],
    ]);
    raw.socket.close();
  });

  it('closes a connection that never logs in', async () => {
    const raw = await rawSocket();
    await raw.waitFor(() => raw.isClosed(), 5000);
  });

  it('answers undecodable frames with 998 (keeping the serial it could read) and closes after three', async () => {
    const raw = await rawSocket();
    raw.socket.send(new Uint8Array([7, 1, 0, 9, 0, 0, 0xc1])); // 0xc1 is never valid MessagePack
    await raw.waitFor(() => raw.frames.length === 1);
    expect(raw.frames[0]).toMatchObject({ sid: 7, cid: 1, ser: 9, code: 998 });
    raw.socket.send(new Uint8Array([1]));
    raw.socket.send('text is not a frame');
    await raw.waitFor(() => raw.isClosed());
    expect(await health()).toBe(200);
  });

  it('survives random and truncated frames from many connections, and leaks no connection', async () => {
    const before = server.server.imGateway.gateway.connectionCount;
    const valid = encodeFrame({
      sid: 2,
      cid: 3,
      ser: 5,
      code: 0,
      body: { appKey: 'k', account: 'a', token: 't' },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.uint8Array({ maxLength: 64 }),
            fc.integer({ min: 0, max: valid.length }).map((n) => valid.subarray(0, n)),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (payloads) => {
          const raw = await rawSocket();
          for (const payload of payloads) raw.socket.send(payload);
          raw.socket.send(encodeFrame({ sid: 1, cid: 2, ser: 0, code: 0 }));
          await new Promise((r) => setTimeout(r, 30));
          raw.socket.close();
        },
      ),
      { numRuns: 25 },
    );
    expect(await health()).toBe(200);
    const deadline = Date.now() + 5000;
    while (server.server.imGateway.gateway.connectionCount > before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(server.server.imGateway.gateway.connectionCount).toBe(before);
  });
});

describe('login versions', () => {
  const login = (overrides: Record<string, unknown>) => {
    const { appKey, demoAccounts } = server.server.seeded;
    const body = {
      appKey,
      account: demoAccounts[0]!.accid,
      token: demoAccounts[0]!.token,
      clientType: 16,
      os: 'test',
      sdkVersion: 1,
      protocolVersion: 1,
      deviceId: 'raw',
      appLogin: 0,
      ...overrides,
    };
    return encodeFrame({ sid: COMMANDS.login.sid, cid: COMMANDS.login.cid, ser: 1, code: 0, body });
  };

  it.each([
    [{ protocolVersion: 0 }, 997],
    [{ sdkVersion: 0 }, 201],
    [{ token: 'wrong' }, 302],
    [{ appKey: 'unknown-app' }, 403],
    [{ clientType: 3 }, 414],
  ])('answers a login with %j with %i', async (overrides, code) => {
    const raw = await rawSocket();
    raw.socket.send(login(overrides));
    await raw.waitFor(() => raw.frames.length === 1);
    expect(raw.frames[0]).toMatchObject({ sid: 2, cid: 3, ser: 1, code });
    raw.socket.close();
  });

  it('refuses a second login on the same connection with 417', async () => {
    const raw = await rawSocket();
    raw.socket.send(login({}));
    raw.socket.send(login({}));
    await raw.waitFor(() => raw.frames.length === 2);
    expect(raw.frames.map((f) => f.code)).toEqual([200, 417]);
    raw.socket.close();
  });
});

describe('the load balancer', () => {
  it('answers the socket and upload addresses for a known app key', async () => {
    const { appKey } = server.server.seeded;
    const response = await fetch(
      `${server.url}/im/lbs?k=${appKey}&id=demo1&sv=1&pv=1&networkType=wifi`,
    );
    expect(await response.json()).toMatchObject({
      code: 200,
      link: [server.url],
      linkPath: '/im/link/',
      upload: [`${server.url}/im/upload`],
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('never takes the address from Host or X-Forwarded-Host', async () => {
    const { appKey } = server.server.seeded;
    const answer = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/im/lbs?k=${appKey}&id=demo1`,
        {
          headers: {
            host: 'evil.example',
            'x-forwarded-host': 'evil.example',
            'x-forwarded-proto': 'https',
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve(body));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(JSON.parse(answer)).toMatchObject({
      code: 200,
      link: [server.url],
      upload: [`${server.url}/im/upload`],
    });
  });

  it('answers MORSEL_PUBLIC_URL when set, and MORSEL_IM_LINK_ADDRESSES for the links when set', async () => {
    const configured = await startTestServer({
      publicUrl: 'https://im.example.com/',
      imLinkAddresses: 'https://link1.example.com',
    });
    try {
      const response = await fetch(
        `${configured.url}/im/lbs?k=${configured.server.seeded.appKey}&id=demo1`,
        {
          headers: { 'x-forwarded-host': 'evil.example' },
        },
      );
      expect(await response.json()).toMatchObject({
        code: 200,
        link: ['https://link1.example.com'],
        upload: ['https://im.example.com/im/upload'],
      });
    } finally {
      await configured.stop();
    }
  });

  it('refuses an unknown app key and a missing account', async () => {
    expect(await (await fetch(`${server.url}/im/lbs?k=nope&id=demo1`)).json()).toMatchObject({
      code: 404,
    });
    const missing = await fetch(`${server.url}/im/lbs?k=x`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(/id/);
  });
});
