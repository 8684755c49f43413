// The client log endpoints over real HTTP: what clients send is stored; oversize, malformed and
// unknown-app input is refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';

const APP_KEY = 'client-log-app';

describe('client log endpoints', () => {
  let server: TestServer;
  const db = () => server.server.store.db;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: APP_KEY, imAppSecret: 'client-log-secret', seedDemo: false });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('GET /im/log/report', () => {
    it('stores the report with its context', async () => {
      const query = new URLSearchParams({
        appkey: APP_KEY,
        uid: 'demo1',
        os: 'iOS 17',
        session: 'sess-1',
        ver: '4.12.251',
        type: 'sdk',
        platform: 'web',
        log: '[info] 登录成功\n[warn] reconnect 1',
      });
      const response = await fetch(`${server.url}/im/log/report?${query}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ code: 200 });
      const rows = await db().selectFrom('im_client_logs').selectAll().where('session', '=', 'sess-1').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        app_key: APP_KEY,
        kind: 'report',
        uid: 'demo1',
        os: 'iOS 17',
        ver: '4.12.251',
        type: 'sdk',
        platform: 'web',
        content: '[info] 登录成功\n[warn] reconnect 1',
      });
    });

    it('refuses an unknown appkey with 403', async () => {
      const response = await fetch(`${server.url}/im/log/report?appkey=nope&log=x&session=unknown-app`);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: 403, message: 'unknown appkey' });
      const rows = await db().selectFrom('im_client_logs').select('id').where('session', '=', 'unknown-app').execute();
      expect(rows).toHaveLength(0);
    });

    it('names a missing or too long field with 400', async () => {
      const missing = await fetch(`${server.url}/im/log/report?log=x`);
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { message: string }).message).toMatch(/appkey/);
      const long = await fetch(`${server.url}/im/log/report?appkey=${APP_KEY}&log=${'x'.repeat(4097)}`);
      expect(long.status).toBe(400);
      expect(((await long.json()) as { message: string }).message).toMatch(/log/);
    });
  });

  describe('POST /im/log/lines', () => {
    it('stores plain-text lines with the query context', async () => {
      const lines = '12:00:01 [log] link open\n12:00:02 [error] 408 timeout\n';
      const response = await fetch(`${server.url}/im/log/lines?appkey=${APP_KEY}&uid=demo2&session=lines-1&platform=web`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: lines,
      });
      expect(response.status).toBe(200);
      const row = await db().selectFrom('im_client_logs').selectAll().where('session', '=', 'lines-1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'lines', uid: 'demo2', platform: 'web', content: lines });
    });

    it('refuses a body over 64 kB with 413 and says the limit', async () => {
      const response = await fetch(`${server.url}/im/log/lines?appkey=${APP_KEY}&session=too-big`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x'.repeat(64 * 1024 + 1),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toMatch(/65536 bytes/);
      const rows = await db().selectFrom('im_client_logs').select('id').where('session', '=', 'too-big').execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses an empty body', async () => {
      const response = await fetch(`${server.url}/im/log/lines?appkey=${APP_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('POST /im/statistics/errors', () => {
    const report = {
      common: { deviceId: 'device-42', sdkVersion: '4.12.251', platform: 'web' },
      eventLogs: [
        { event: 'lbs', time: 1_767_225_600_000, code: 3001, message: 'load balancer unreachable' },
        { event: 'command', time: 1_767_225_601_000, code: 408 },
      ],
      deviceInfo: { os: 'Android 14', model: 'Pixel', online: true },
    };
    const postStats = (body: unknown, appkey = APP_KEY) =>
      fetch(`${server.url}/im/statistics/errors?appkey=${appkey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('stores the report as received', async () => {
      const response = await postStats(report);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ code: 200 });
      const row = await db().selectFrom('im_client_error_reports').selectAll().where('device_id', '=', 'device-42').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ app_key: APP_KEY, event_count: 2 });
      expect(JSON.parse(row.body)).toEqual(report);
    });

    it('names what is missing or malformed', async () => {
      const noDevice = await postStats({ ...report, common: {} });
      expect(noDevice.status).toBe(400);
      expect(((await noDevice.json()) as { message: string }).message).toMatch(/deviceId/);
      const badEvent = await postStats({ ...report, eventLogs: [{ event: 'x', time: 'noon' }] });
      expect(badEvent.status).toBe(400);
      expect(((await badEvent.json()) as { message: string }).message).toMatch(/time/);
      const noEvents = await postStats({ ...report, eventLogs: [] });
      expect(noEvents.status).toBe(400);
    });

    it('refuses an unknown appkey and oversize bodies', async () => {
      const unknown = await postStats(report, 'nope');
      expect(unknown.status).toBe(403);
      const huge = await postStats({ ...report, deviceInfo: { pad: 'x'.repeat(70 * 1024) } });
      expect(huge.status).toBe(413);
      const rows = await db().selectFrom('im_client_error_reports').select('id').execute();
      expect(rows).toHaveLength(1);
    });
  });
});
