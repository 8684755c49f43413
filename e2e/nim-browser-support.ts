// What the official NIM browser SDK tests share: a page of another origin serving the npm
// package's browser bundles, as an app would host them; each suite's server, site and phone; the
// SDK's own log kept in the page.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { openPhone, type Phone } from './harness/browser.ts';

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>NIM 浏览器接入</title>
  </head>
  <body style="font: 16px sans-serif; padding: 16px">
    <h1 style="font-size: 18px">NIM 官方 SDK 浏览器接入</h1>
    <ul id="log"></ul>
  </body>
</html>`;

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** What each suite runs against: our server with the app's keys, the page's site, a phone. */
export interface BrowserSuite {
  server: TestServer;
  site: StaticSite;
  phone: Phone;
}

export async function startBrowserSuite(app: {
  appKey: string;
  secret: string;
}): Promise<BrowserSuite> {
  const [server, site] = await Promise.all([
    startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret }),
    startStaticServer(),
  ]);
  return { server, site, phone: await openPhone() };
}

/** Stops what `startBrowserSuite` started (any part of it, when the start failed half-way). */
export async function stopBrowserSuite(suite: Partial<BrowserSuite>): Promise<void> {
  await suite.phone?.close();
  await suite.site?.close();
  await suite.server?.stop();
}

/**
 * Keeps the SDK's log lines in the page (`window.sdkLog`), for a `logFunc: window.sdkLogFunc`
 * passed to `NIM.getInstance`: the SDK says there which link it took and what it could not read.
 */
export const recordSdkLog = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { sdkLog: string[] };
    w.sdkLog = [];
    const keep =
      (level: string) =>
      (...args: unknown[]) =>
        w.sdkLog.push(
          `${level} ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`,
        );
    w.sdkLogFunc = {
      log: keep('log'),
      info: keep('info'),
      warn: keep('warn'),
      error: keep('error'),
    };
  });

/**
 * The privateConf that points the official IM SDK at our server (NIM's load balancer path, the
 * link's host, plain HTTP here) with its reporting to NetEase off; `extra` adds keys.
 */
export const privateConfFor = (server: TestServer, extra: Record<string, string> = {}) => ({
  lbs_web: `${server.url}/lbs/webconf.jsp`,
  link_web: new URL(server.url).host,
  link_ssl_web: false,
  https_enabled: false,
  isDataReportEnable: false,
  isABTestEnable: false,
  isMixStoreEnable: false,
  ...extra,
});

/** The page and the two bundles, from the npm package, at an origin of their own. */
export async function startStaticServer(): Promise<StaticSite> {
  const files: Record<string, string> = {
    '/nim.js': require.resolve('@yxim/nim-web-sdk/dist/SDK/NIM_Web_NIM.js'),
    '/chatroom.js': require.resolve('@yxim/nim-web-sdk/dist/SDK/NIM_Web_Chatroom.js'),
  };
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    const file = files[path];
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (file) {
      void fs
        .readFile(file)
        .then((body) =>
          response.writeHead(200, { 'content-type': 'application/javascript' }).end(body),
        );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A chatroom made through NIM's server REST API, as an app backend would. */
export async function createRoom(
  server: TestServer,
  app: { appKey: string; secret: string },
): Promise<string> {
  const nonce = randomUUID();
  const curTime = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${server.url}/nimserver/chatroom/create.action`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
      AppKey: app.appKey,
      Nonce: nonce,
      CurTime: curTime,
      CheckSum: createHash('sha1')
        .update(app.secret + nonce + curTime)
        .digest('hex'),
    },
    body: new URLSearchParams({ creator: 'demo1', name: '浏览器直播间' }),
  });
  const body = (await response.json()) as { code: number; chatroom: { roomid: number } };
  expect(body.code).toBe(200);
  return String(body.chatroom.roomid);
}
