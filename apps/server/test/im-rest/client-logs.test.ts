// The client log endpoints over real HTTP: what clients send is stored; oversize, malformed and
// unknown-app input is refused with a clear message; nothing is written without the upload
// ticket of an IM login, and daily byte quotas hold (review H2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { UploadTickets } from '../../src/im/client-logs/index.ts';
import { buildServer } from '../../src/app.ts';
import { loadConfig } from '../../src/config/index.ts';
import { makeDataDir, startTestServer, type TestServer } from '../harness/index.ts';
import { NIM } from '@morsel/im-sdk';
import { Events } from '../im-link/clients.ts';

const APP_KEY = 'client-log-app';

describe('client log endpoints', () => {
  let server: TestServer;
  const db = () => server.server.store.db;

  /** An upload ticket for device-42 of demo2, as the IM login reply would carry it. */
  let ticket: string;
  beforeAll(async () => {
    server = await startTestServer({
      imAppKey: APP_KEY,
      imAppSecret: 'client-log-secret',
      seedDemo: false,
    });
    ticket = (await server.server.uploadTickets.issue(APP_KEY, 'demo2', 'device-42'))!;
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
        ticket,
      });
      const response = await fetch(`${server.url}/im/log/report?${query}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ code: 200 });
      const rows = await db()
        .selectFrom('im_client_logs')
        .selectAll()
        .where('session', '=', 'sess-1')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        app_key: APP_KEY,
        kind: 'report',
        // The account is the ticket's, not the uid the query claims.
        uid: 'demo2',
        os: 'iOS 17',
        ver: '4.12.251',
        type: 'sdk',
        platform: 'web',
        content: '[info] 登录成功\n[warn] reconnect 1',
      });
    });

    it('refuses a ticket for another app with 401', async () => {
      const response = await fetch(
        `${server.url}/im/log/report?appkey=nope&log=x&session=unknown-app&ticket=${ticket}`,
      );
      expect(response.status).toBe(401);
      const rows = await db()
        .selectFrom('im_client_logs')
        .select('id')
        .where('session', '=', 'unknown-app')
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('names a missing or too long field with 400', async () => {
      const missing = await fetch(`${server.url}/im/log/report?log=x&ticket=${ticket}`);
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { message: string }).message).toMatch(/appkey/);
      const long = await fetch(
        `${server.url}/im/log/report?appkey=${APP_KEY}&ticket=${ticket}&log=${'x'.repeat(4097)}`,
      );
      expect(long.status).toBe(400);
      expect(((await long.json()) as { message: string }).message).toMatch(/log/);
    });
  });

  describe('POST /im/log/lines', () => {
    it('stores plain-text lines with the query context', async () => {
      const lines = '12:00:01 [log] link open\n12:00:02 [error] 408 timeout\n';
      const response = await fetch(
        `${server.url}/im/log/lines?appkey=${APP_KEY}&uid=demo2&session=lines-1&platform=web&ticket=${ticket}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain; charset=utf-8' },
          body: lines,
        },
      );
      expect(response.status).toBe(200);
      const row = await db()
        .selectFrom('im_client_logs')
        .selectAll()
        .where('session', '=', 'lines-1')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'lines', uid: 'demo2', platform: 'web', content: lines });
    });

    it('refuses a body over 64 kB with 413 and says the limit', async () => {
      const response = await fetch(
        `${server.url}/im/log/lines?appkey=${APP_KEY}&session=too-big&ticket=${ticket}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'x'.repeat(64 * 1024 + 1),
        },
      );
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toMatch(/65536 bytes/);
      const rows = await db()
        .selectFrom('im_client_logs')
        .select('id')
        .where('session', '=', 'too-big')
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses an empty body', async () => {
      const response = await fetch(
        `${server.url}/im/log/lines?appkey=${APP_KEY}&ticket=${ticket}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '',
        },
      );
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
      fetch(`${server.url}/im/statistics/errors?appkey=${appkey}&ticket=${ticket}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('stores the report as received', async () => {
      const response = await postStats(report);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ code: 200 });
      const row = await db()
        .selectFrom('im_client_error_reports')
        .selectAll()
        .where('device_id', '=', 'device-42')
        .executeTakeFirstOrThrow();
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
      expect(unknown.status).toBe(401);
      const huge = await postStats({ ...report, deviceInfo: { pad: 'x'.repeat(70 * 1024) } });
      expect(huge.status).toBe(413);
      const rows = await db().selectFrom('im_client_error_reports').select('id').execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('upload tickets', () => {
    const postLines = (query: string, body = 'a line') =>
      fetch(`${server.url}/im/log/lines?appkey=${APP_KEY}&session=tickets${query}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });

    it('refuses a missing, forged or expired ticket with 401 and writes nothing', async () => {
      const [payload, mac] = ticket.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify([APP_KEY, 'demo2', 'other-device', 4_102_444_800_000]),
      ).toString('base64url');
      const expired = await new UploadTickets(server.server.imAccounts, 1000, () => 0).issue(
        APP_KEY,
        'demo2',
        'device-42',
      );
      for (const query of [
        '',
        '&ticket=',
        `&ticket=${forgedPayload}.${mac}`,
        `&ticket=${payload}.${mac}x`,
        `&ticket=${expired}`,
      ]) {
        const response = await postLines(query);
        expect(response.status).toBe(401);
        expect(((await response.json()) as { message: string }).message).toMatch(/upload ticket/);
      }
      expect(
        await db()
          .selectFrom('im_client_logs')
          .select('id')
          .where('session', '=', 'tickets')
          .execute(),
      ).toHaveLength(0);
      expect((await postLines(`&ticket=${ticket}`)).status).toBe(200);
    });

    it('is handed out at IM login and sent by the SDK with its log lines', async () => {
      const { appKey } = server.server.seeded;
      const { token } = await server.server.imAccounts.create({
        appKey,
        accid: 'logger1',
        name: 'logger1',
      });
      const events = new Events();
      const nim = NIM.getInstance({
        appKey,
        account: 'logger1',
        token,
        lbsUrl: `${server.url}/im/lbs`,
        deviceId: 'sdk-upload-device',
        clientType: 'Web',
        logLevel: 'error',
        logUploadUrl: `${server.url}/im/log/lines?appkey=${appKey}&session=sdk-upload&platform=web`,
        autoConnect: false,
        ...events.callbacks(),
      });
      await nim.connect();
      await events.next('syncdone');
      try {
        const reply = events.seen.find((e) => e.name === 'connect')!.value as {
          uploadTicket?: string;
        };
        expect(reply.uploadTicket).toMatch(/^[\w-]+\.[\w-]+$/);
        const quiet = console.error;
        console.error = () => {};
        nim.logger.error('probe line from the SDK');
        console.error = quiet;
        expect(await nim.logger.flush()).toBe(true);
        const row = await db()
          .selectFrom('im_client_logs')
          .selectAll()
          .where('session', '=', 'sdk-upload')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ uid: 'logger1', kind: 'lines' });
        expect(row.content).toContain('probe line from the SDK');
      } finally {
        await nim.destroy();
      }
    });
  });
});

describe('client log quotas and the access log', () => {
  it('refuses with 429 and the scope once a daily byte quota is used up, and keeps log text out of the access log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = await makeDataDir();
    const config = loadConfig(
      {},
      {
        host: '127.0.0.1',
        port: 0,
        dataDir,
        seedDemo: false,
        imAppKey: APP_KEY,
        imAppSecret: 'client-log-secret',
        clientLogDailyBytesPerDevice: 2048,
      },
    );
    const server = await buildServer(config, pino({ level: 'info' }, sink));
    try {
      await server.http.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(server.http.server.address() as { port: number }).port}`;
      const ticket = (await server.uploadTickets.issue(APP_KEY, 'demo2', 'quota-device'))!;
      const report = (log: string) =>
        fetch(
          `${url}/im/log/report?appkey=${APP_KEY}&ticket=${ticket}&log=${encodeURIComponent(log)}`,
        );
      expect((await report('secret-looking text '.repeat(50))).status).toBe(200);
      expect((await report('y'.repeat(1000))).status).toBe(200);
      const refused = await report('z'.repeat(100));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: 429,
        scope: 'device',
        message: expect.stringMatching(/quota per device/),
      });
      const stored = await server.store.db.selectFrom('im_client_logs').select('id').execute();
      expect(stored).toHaveLength(2);
      // The access log has the path and no query: neither the client's text nor its ticket.
      const access = lines.filter((line) => line.includes('/im/log/report'));
      expect(access.length).toBeGreaterThan(0);
      expect(access.join('\n')).not.toMatch(/secret-looking|ticket=/);
    } finally {
      await server.close();
    }
  });
});
