// Copies of logins and logouts (NIM's eventType 2 and 3), which an app chooses with
// MORSEL_IM_COPY_EVENTS: a local receiver checks NIM's signature on each, fed by a real SDK client
// logging in and out of a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, startTestServer, type TestServer } from '../harness/index.ts';
import { startCopyReceiver } from './copy-receiver.ts';

const APP = { appKey: 'copy-events-app', secret: 'copy-events-secret-0123' };

describe('copies of logins and logouts', () => {
  let receiver: Awaited<ReturnType<typeof startCopyReceiver>>;
  let server: TestServer;

  beforeAll(async () => {
    receiver = await startCopyReceiver(APP);
    server = await startTestServer({
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCopyUrl: receiver.url,
      imCopyEvents: 'login,logout',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const eventsOf = (type: string) => receiver.eventsOf(type);
  const until = (check: () => boolean) => receiver.until(check);

  it('copies a device login and its logout, signed, in NIM’s fields', async () => {
    const alice = await connectClient(server, 0);
    await until(() => eventsOf('2').length === 1);
    const [login] = eventsOf('2');
    expect(login!.signed).toBe(true);
    expect(login!.body).toMatchObject({
      eventType: '2',
      accid: 'demo1',
      clientType: 'WEB',
      code: '200',
    });
    expect(login!.body.clientIp).toMatch(/127\.0\.0\.1/);
    expect(Number(login!.body.timestamp)).toBeGreaterThan(0);

    await alice.nim.destroy();
    await until(() => eventsOf('3').length === 1);
    const [logout] = eventsOf('3');
    expect(logout!.signed).toBe(true);
    expect(logout!.body).toMatchObject({
      eventType: '3',
      accid: 'demo1',
      deviceId: login!.body.deviceId,
      clientIp: login!.body.clientIp,
    });
  }, 30_000);
});
