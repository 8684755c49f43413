// An app server's copy (抄送) endpoint for the event-copy suites: a local receiver that keeps each
// copy's body and whether NIM's signature on it holds (MD5 of the body, CheckSum over the secret,
// MD5 and CurTime, the app key).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Copy {
  body: Record<string, string>;
  signed: boolean;
}

export async function startCopyReceiver(app: { appKey: string; secret: string }) {
  const received: Copy[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const h = request.headers;
      const md5 = createHash('md5').update(raw).digest('hex');
      const checkSum = createHash('sha1')
        .update(`${app.secret}${String(h.md5)}${String(h.curtime)}`)
        .digest('hex');
      received.push({
        body: JSON.parse(raw.toString('utf8')) as Record<string, string>,
        signed: h.md5 === md5 && h.checksum === checkSum && h.appkey === app.appKey,
      });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nim/copies`,
    received,
    /** The copies of one NIM eventType received so far. */
    eventsOf: (type: string) => received.filter((r) => r.body.eventType === type),
    /** Waits until `check` holds (the suite's time-out bounds it). */
    until: async (check: () => boolean) => {
      while (!check()) await new Promise((wake) => setTimeout(wake, 50));
    },
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}
