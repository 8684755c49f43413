// What the SDK tells the server about itself: log lines and error statistics, stored as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { demoOptions } from './clients.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ imHandlerTimeoutMs: 5000 });
});
afterAll(async () => {
  await server?.stop();
});

async function waitForRows<T>(query: () => Promise<T[]>): Promise<T[]> {
  for (let i = 0; i < 100; i++) {
    const rows = await query();
    if (rows.length > 0) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

describe('SDK diagnostics', () => {
  it('reports a command time-out (408) to the error statistics endpoint', async () => {
    server.server.imGateway.gateway.use({ audioToText: () => new Promise(() => {}) });
    const nim = NIM.getInstance({
      ...demoOptions(server, 1),
      logUploadUrl: undefined,
      deviceId: 'diagnosed-device',
    });
    try {
      await nim.connect();
      await expect(
        nim.sendCmd('audioToText', { url: 'https://x/a.aac' }, { timeoutMs: 100 }),
      ).rejects.toMatchObject({ code: 408 });
      const rows = await waitForRows(() =>
        server.server.store.db
          .selectFrom('im_client_error_reports')
          .selectAll()
          .where('device_id', '=', 'diagnosed-device')
          .execute(),
      );
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.body).eventLogs).toEqual([
        expect.objectContaining({ event: 'audioToText', code: 408 }),
      ]);
    } finally {
      await nim.destroy();
    }
  });

  it('sends its log lines to the log endpoint', async () => {
    const nim = NIM.getInstance({
      ...demoOptions(server, 2),
      logUploadUrl: undefined,
      logLevel: 'info',
    });
    const quiet = { ...console };
    console.info = () => {};
    try {
      await nim.connect();
      expect(await nim.logger.flush()).toBe(true);
      const rows = await server.server.store.db
        .selectFrom('im_client_logs')
        .selectAll()
        .where('uid', '=', 'demo3')
        .execute();
      expect(rows.map((r) => r.content).join('\n')).toMatch(/info connecting/);
    } finally {
      console.info = quiet.info;
      await nim.destroy();
    }
  });
});
