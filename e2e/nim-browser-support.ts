// What the official NIM browser SDK tests share: a page of another origin serving the npm
// package's browser bundles, as an app would host them.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { TestServer } from '../apps/server/test/harness/index.ts';

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

/** The page and the two bundles, from the npm package, at an origin of their own. */
export async function startStaticServer(): Promise<{ url: string; close(): Promise<void> }> {
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
