// The IM SDK is one code base for Node and browsers: here the same source, bundled for the
// browser, logs in from Chromium over websocket and over long-polling.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type * as MorselIM from '@morsel/im-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { collectPageErrors, openPhone, type Phone } from './harness/browser.ts';
import { addAppScript } from './harness/scripts.ts';

const sdkEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/im-sdk/src/index.ts',
);

/** The SDK as an IIFE exposing `MorselIM`, built in memory. */
async function bundleSdk(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: sdkEntry, formats: ['iife'], name: 'MorselIM', fileName: 'im' },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as { output: { code?: string }[] };
  return output.output[0]!.code!;
}

describe('the IM SDK in a browser', () => {
  let server: TestServer;
  let phone: Phone;
  let sdk: string;

  beforeAll(async () => {
    [server, sdk] = await Promise.all([startTestServer(), bundleSdk()]);
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
    await server?.stop();
  });

  for (const transports of [['websocket'], ['polling']] as const) {
    it(`logs in and answers commands over ${transports[0]}`, async () => {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${server.url}/`); // the app origin, where the SDK will run
      await addAppScript(page, server.url, 'im-sdk', sdk);
      const { appKey, demoAccounts } = server.server.seeded;
      const result = await page.evaluate(
        async ({ appKey, account, token, lbsUrl, transports }) => {
          const { NIM } = (window as unknown as { MorselIM: typeof MorselIM }).MorselIM;
          const events: string[] = [];
          const nim = NIM.getInstance({
            appKey,
            account,
            token,
            lbsUrl,
            transports: [...transports],
            logLevel: 'off',
            autoConnect: false,
            onconnect: () => events.push('connect'),
            onsyncdone: () => events.push('syncdone'),
          });
          const reply = await nim.connect();
          const time = await nim.getServerTime();
          const deviceId = localStorage.getItem('morsel-im-device-id');
          await nim.destroy();
          return { events, connectionId: reply.connectionId, time, deviceId };
        },
        {
          appKey,
          account: demoAccounts[0]!.accid,
          token: demoAccounts[0]!.token,
          lbsUrl: `${server.url}/im/lbs`,
          transports,
        },
      );
      expect(result.events[0]).toBe('connect');
      expect(result.connectionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(result.time).toBeGreaterThan(0);
      expect(result.deviceId).toMatch(/^[0-9a-f-]{36}$/); // kept for the next visit
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
