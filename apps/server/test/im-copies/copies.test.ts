// Message copies (NIM's 抄送) as an app server receives them: a local receiver that checks NIM's
// signature on every POST (MD5 of the raw body, CheckSum = sha1(AppSecret + MD5 + CurTime)),
// fed by real SDK clients on a real server, on both store engines.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  connectClient,
  forEachEngine,
  startTestServer,
  type TestServer,
} from '../harness/index.ts';

const APP = { appKey: 'copy-test-app', secret: 'copy-test-secret-0123' };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, string>;
  signed: boolean;
}

/** An app server's copy endpoint: answers the statuses it is told to, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const md5 = createHash('md5').update(raw).digest('hex');
      const h = request.headers;
      const checkSum = createHash('sha1')
        .update(`${APP.secret}${String(h.md5)}${String(h.curtime)}`)
        .digest('hex');
      const fresh = Math.abs(Number(h.curtime) - Date.now() / 1000) < 300;
      received.push({
        headers: h,
        body: JSON.parse(raw.toString('utf8')) as Record<string, string>,
        signed: h.md5 === md5 && h.checksum === checkSum && h.appkey === APP.appKey && fresh,
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nim/copies`,
    received,
    answerNext: (...codes: number[]) => statuses.push(...codes),
    async until(count: number): Promise<Received[]> {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

await forEachEngine('message copies', (engine) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    receiver = await startReceiver();
    const database = await engine.freshDatabase();
    drop = database.drop;
    server = await startTestServer({
      ...database.config,
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCopyUrl: receiver.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await drop?.();
  });

  it('POSTs each message to the app server, signed as NIM signs its copies, in NIM’s fields', async () => {
    const alice = await connectClient(server, 0);
    const bob = await connectClient(server, 1);
    try {
      const sent = await alice.nim.sendText({
        scene: 'p2p',
        to: 'demo2',
        text: '抄送一下',
        custom: '{"k":1}',
      });
      const [copy] = await receiver.until(1);
      expect(copy!.signed).toBe(true);
      expect(copy!.headers['content-type']).toBe('application/json;charset=utf-8');
      expect(copy!.body).toMatchObject({
        eventType: '1',
        convType: 'PERSON',
        fromAccount: 'demo1',
        to: 'demo2',
        fromClientType: 'WEB',
        msgType: 'TEXT',
        body: '抄送一下',
        ext: '{"k":1}',
        msgidClient: sent.idClient,
        msgidServer: sent.idServer,
        msgTimestamp: String(sent.time),
      });
      expect(copy!.body.ip).toMatch(/127\.0\.0\.1/);
    } finally {
      await alice.nim.destroy();
      await bob.nim.destroy();
    }
  });

  it('sends a copy the receiver refused again, and none of a message sent with cc false', async () => {
    const alice = await connectClient(server, 0);
    try {
      const before = receiver.received.length;
      receiver.answerNext(503);
      await alice.nim.sendText({ scene: 'p2p', to: 'demo2', text: '不抄送', cc: false });
      const copied = await alice.nim.sendText({ scene: 'p2p', to: 'demo2', text: '重试' });
      const [refused, retried] = (await receiver.until(before + 2)).slice(before);
      expect(refused!.body.msgidServer).toBe(copied.idServer);
      expect(retried!.body.msgidServer).toBe(copied.idServer);
      expect(retried!.signed).toBe(true);
      expect(receiver.received.some((r) => r.body.body === '不抄送')).toBe(false);
    } finally {
      await alice.nim.destroy();
    }
  }, 30_000);
});
