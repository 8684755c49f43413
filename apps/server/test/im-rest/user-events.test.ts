// The server API's history/queryUserEvents: a real SDK device's login and logout are kept and read
// back in NIM's shape, newest first unless reverse=1, within the asked window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-userevents-app', secret: 'rest-userevents-secret' };
type Event = { accid: string; eventType: number; timestamp: number; clientType: string };
type Reply = { code: number; desc?: string; size?: number; events?: Event[] };

describe('/nimserver/history/queryUserEvents', () => {
  let server: TestServer;
  const query = async (form: Record<string, string>) =>
    (await nimPost(server.url, 'history/queryUserEvents', form, app)).body as Reply;
  const window = { begintime: '0', endtime: '9999999999999', limit: '100' };

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps a device login and logout and pages them', async () => {
    const alice = await connectClient(server, 0, { deviceId: 'shop-phone' });
    await alice.nim.destroy();
    // The logout is kept once the server has seen the connection close.
    let events: Event[] = [];
    for (let attempt = 0; attempt < 200 && events.length < 2; attempt++) {
      events = (await query({ accid: 'demo1', ...window, reverse: '1' })).events ?? [];
      if (events.length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(events).toEqual([
      expect.objectContaining({
        accid: 'demo1',
        eventType: 2,
        clientType: 'WEB',
        deviceId: 'shop-phone',
      }),
      expect.objectContaining({
        accid: 'demo1',
        eventType: 3,
        clientType: 'WEB',
        deviceId: 'shop-phone',
      }),
    ]);
    const [login, logout] = events as [Event, Event];
    expect(logout.timestamp).toBeGreaterThanOrEqual(login.timestamp);

    const newest = await query({ accid: 'DEMO1', ...window, limit: '1' });
    expect(newest).toMatchObject({ code: 200, size: 1, events: [{ eventType: 3 }] });
    expect(
      await query({ accid: 'demo1', ...window, endtime: String(login.timestamp - 1) }),
    ).toMatchObject({ code: 200, size: 0, events: [] });
    expect(await query({ accid: 'demo2', ...window })).toMatchObject({ code: 200, size: 0 });
  });

  it('refuses an unknown account and bad windows with 414', async () => {
    expect(await query({ accid: 'nobody', ...window })).toMatchObject({
      code: 414,
      desc: 'not register: nobody',
    });
    expect(await query({ accid: 'demo1', ...window, limit: '101' })).toMatchObject({ code: 414 });
    expect(await query({ accid: 'demo1', ...window, limit: '0' })).toMatchObject({ code: 414 });
    expect(await query({ accid: 'demo1', begintime: '5', endtime: '4', limit: '1' })).toMatchObject(
      { code: 414 },
    );
    expect(await query({ accid: 'demo1', ...window, reverse: '3' })).toMatchObject({ code: 414 });
  });
});
