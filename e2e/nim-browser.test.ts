// NIM's own browser builds against Morsel (issue 19): the official NIM Web SDK's browser bundles
// from its npm package (`dist/SDK/NIM_Web_NIM.js`, `NIM_Web_Chatroom.js`, UMD globals `NIM` and
// `Chatroom`), loaded by a tiny page of another origin (a static server in the test, as an app
// would host them) in headless Chromium. Its IM SDK logs in through NIM's load balancer and the
// socket.io 0.9 link, and chats with a client of our SDK; its Chatroom SDK enters a room and
// hears a member of ours. The page and Morsel are on different ports, so this also shows the
// NIM endpoints answer a browser across origins. Their default link, NIM's binary one, is
// e2e/nim-browser-binary.test.ts's.
import { Chatroom } from '@morsel/im-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type TestServer } from '../apps/server/test/harness/index.ts';
import { collectPageErrors, screenshot, type Phone } from './harness/browser.ts';
import {
  createRoom,
  startBrowserSuite,
  stopBrowserSuite,
  type StaticSite,
  privateConfFor,
} from './nim-browser-support.ts';

const APP = { appKey: 'nimBrowserApp01', secret: 'nim-browser-secret-01' };

describe('NIM’s official browser SDKs in Chromium against Morsel', () => {
  let server: TestServer;
  let site: StaticSite;
  let phone: Phone;
  beforeAll(async () => {
    ({ server, site, phone } = await startBrowserSuite(APP));
  });
  afterAll(() => stopBrowserSuite({ server, site, phone }));

  const demo = (index: number) => server.server.seeded.demoAccounts[index]!;

  it('logs the IM SDK in and exchanges messages with a client of our SDK', async () => {
    const ours = await connectClient(server, 1);
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(site.url);
    await page.addScriptTag({ url: `${site.url}/nim.js` });

    // The page's NIM instance: privateConf points it at Morsel; its reporting is off.
    await page.evaluate(
      ({ appKey, account, token, privateConf }) => {
        const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        const log = (text: string) => {
          const item = document.createElement('li');
          item.textContent = text;
          document.getElementById('log')!.append(item);
        };
        w.received = [];
        w.synced = new Promise((resolve, reject) => {
          w.nim = w.NIM.getInstance({
            appKey,
            account,
            token,
            db: false,
            // The browser builds speak NIM's binary link at /websocket unless told otherwise
            // (an option their dist/types leave out); Morsel serves the socket.io 0.9 link.
            binaryWebsocket: false,
            privateConf,
            onconnect: () => log(`已登录：${account}`),
            onsyncdone: () => resolve(true),
            onerror: (error: unknown) => reject(error),
            ondisconnect: (info: unknown) => reject(info),
            onmsg: (msg: { from: string; text: string }) => {
              w.received.push(msg);
              log(`收到 ${msg.from}：${msg.text}`);
            },
          });
        });
        return w.synced;
      },
      {
        appKey: APP.appKey,
        account: demo(0).accid,
        token: demo(0).token,
        privateConf: privateConfFor(server),
      },
    );

    const sent = await page.evaluate(
      (to) =>
        new Promise((resolve, reject) => {
          const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
          w.nim.sendText({
            scene: 'p2p',
            to,
            text: '你好，我在浏览器里',
            done: (error: unknown, msg: unknown) => (error ? reject(error) : resolve(msg)),
          });
        }),
      demo(1).accid,
    );
    expect(sent).toMatchObject({ scene: 'p2p', to: demo(1).accid, status: 'success' });
    const heard = await ours.events.next<{ from: string; text: string }>('msg');
    expect(heard).toMatchObject({ from: demo(0).accid, text: '你好，我在浏览器里' });

    await ours.nim.sendText({ scene: 'p2p', to: demo(0).accid, text: '收到，欢迎' });
    await page.waitForFunction(() =>
      (window as unknown as { received: { text: string }[] }).received.some(
        (m) => m.text === '收到，欢迎',
      ),
    );
    const [reply] = await page.evaluate(
      () => (window as unknown as { received: unknown[] }).received,
    );
    expect(reply).toMatchObject({ scene: 'p2p', from: demo(1).accid, flow: 'in' });

    await screenshot(page, 'nim-browser-im');
    expect(errors).toEqual([]);
    // NIM's SDK logs its own socket's closing as an error while it is destroyed: not ours.
    await page.evaluate(
      () =>
        new Promise(
          (resolve) => (window as unknown as Record<string, any>).nim.destroy({ done: resolve }), // eslint-disable-line @typescript-eslint/no-explicit-any
        ),
    );
    await ours.nim.destroy();
    await page.close();
  });

  it('enters a chatroom with the Chatroom SDK and hears a member of ours', async () => {
    const roomId = await createRoom(server, APP);
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(site.url);
    await page.addScriptTag({ url: `${site.url}/chatroom.js` });

    const entered = await page.evaluate(
      ({ appKey, account, token, chatroomId, host }) => {
        const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        const log = (text: string) => {
          const item = document.createElement('li');
          item.textContent = text;
          document.getElementById('log')!.append(item);
        };
        w.roomMsgs = [];
        return new Promise((resolve, reject) => {
          w.room = w.Chatroom.getInstance({
            appKey,
            account,
            token,
            chatroomId,
            chatroomAddresses: [host],
            secure: false,
            db: false,
            binaryWebsocket: false,
            privateConf: { isDataReportEnable: false, isABTestEnable: false },
            onconnect: (info: { chatroom: { name: string } }) => {
              log(`进入聊天室：${info.chatroom.name}`);
              resolve(info);
            },
            onerror: (error: unknown) => reject(error),
            ondisconnect: (info: unknown) => reject(info),
            onwillreconnect: () => {},
            onmsgs: (msgs: { type: string; fromNick: string; text?: string }[]) => {
              w.roomMsgs.push(...msgs);
              for (const m of msgs) if (m.type === 'text') log(`${m.fromNick}：${m.text}`);
            },
          });
        });
      },
      {
        appKey: APP.appKey,
        account: demo(1).accid,
        token: demo(1).token,
        chatroomId: roomId,
        host: new URL(server.url).host,
      },
    );
    expect(entered).toMatchObject({
      chatroom: { id: roomId, name: '浏览器直播间' },
      member: { account: demo(1).accid, online: true },
    });

    const mine = Chatroom.getInstance({
      appKey: APP.appKey,
      account: demo(0).accid,
      token: demo(0).token,
      chatroomId: roomId,
      chatroomAddresses: [server.url],
      onconnect: () => {},
      onerror: () => {},
      onwillreconnect: () => {},
      ondisconnect: () => {},
      onmsgs: () => {},
    });
    await mine.connect();
    await mine.sendText({ text: '直播马上开始' });
    await page.waitForFunction(() =>
      (window as unknown as { roomMsgs: { text?: string }[] }).roomMsgs.some(
        (m) => m.text === '直播马上开始',
      ),
    );
    const heard = await page.evaluate(() =>
      (window as unknown as { roomMsgs: { type: string }[] }).roomMsgs.filter(
        (m) => m.type === 'text',
      ),
    );
    expect(heard).toEqual([
      expect.objectContaining({ chatroomId: roomId, from: demo(0).accid, flow: 'in' }),
    ]);

    await screenshot(page, 'nim-browser-chatroom');
    await mine.destroy();
    expect(errors).toEqual([]);
    await page.close();
  });
});
