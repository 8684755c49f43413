// NIM's browser build uploads in chunks (issue 19): without `commonUpload`, the official NIM Web
// SDK's browser bundle posts a file to privateConf `nos_uploader_web` plus `/<bucket>/<object>`
// (NOS's chunk protocol: raw bytes, the grant in the x-nos-token header, `offset`, `complete`,
// `context` in the query), then asks `<file address>?imageInfo` for a picture's sizes, the
// address built from `nos_downloader`. A page of another origin sends a picture (one chunk) and
// a file past 4 MB (two chunks) that way; a client of our SDK receives the messages and
// downloads the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { connectClient, type TestServer } from '../apps/server/test/harness/index.ts';
import { collectPageErrors, screenshot, type Phone } from './harness/browser.ts';
import {
  recordSdkLog,
  startBrowserSuite,
  stopBrowserSuite,
  type StaticSite,
  privateConfFor,
} from './nim-browser-support.ts';

const APP = { appKey: 'nimUploadApp0001', secret: 'nim-upload-secret-01' };

type AnyWindow = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Msg {
  type: string | number;
  from: string;
  file?: { url: string; name: string; size: number; ext: string; w?: number; h?: number };
}

describe('NIM’s official browser SDK uploads in chunks', () => {
  let server: TestServer;
  let site: StaticSite;
  let phone: Phone;
  beforeAll(async () => {
    ({ server, site, phone } = await startBrowserSuite(APP));
  });
  afterAll(() => stopBrowserSuite({ server, site, phone }));

  it('sends a picture and a 4 MB+ file through the chunk uploader; our SDK receives them and downloads the bytes', async () => {
    const demo = (index: number) => server.server.seeded.demoAccounts[index]!;
    const bob = await connectClient(server, 1);
    const png = await sharp({
      create: { width: 48, height: 32, channels: 3, background: '#33aa66' },
    })
      .png()
      .toBuffer();

    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    // What the page asks of our server: the upload and the file address, as NIM's SDK asks them.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url))
        asked.push(`${request.method()} ${request.url().slice(server.url.length)}`);
    });
    await recordSdkLog(page);
    await page.goto(site.url);
    await page.addScriptTag({ url: `${site.url}/nim.js` });
    const { accid, token } = demo(0);
    await page.evaluate(
      ({ appKey, account, token, privateConf }) => {
        const w = window as unknown as AnyWindow;
        return new Promise((resolve, reject) => {
          w.nim = w.NIM.getInstance({
            appKey,
            account,
            token,
            db: false,
            debug: true,
            logFunc: w.sdkLogFunc,
            privateConf,
            onsyncdone: () => resolve(true),
            onerror: (error: unknown) => reject(error),
            ondisconnect: (info: unknown) => reject(info),
          });
        });
      },
      {
        appKey: APP.appKey,
        account: accid,
        token,
        // The chunk uploader's address (NIM's default is NetEase's NOS edge) and the template
        // NIM's SDK builds the file's address from.
        privateConf: privateConfFor(server, {
          nos_uploader_web: `${server.url}/im/upload`,
          nos_downloader: `${server.url}/im/files/{object}`,
        }),
      },
    );

    const sent = await page
      .evaluate(
        ({ to, bytes }) =>
          new Promise<Msg>((resolve, reject) => {
            const blob = new File([new Uint8Array(bytes)], 'snack.png', { type: 'image/png' });
            (window as unknown as AnyWindow).nim.sendFile({
              scene: 'p2p',
              to,
              type: 'image',
              blob,
              done: (error: unknown, msg: Msg) =>
                error ? reject(new Error(JSON.stringify(error))) : resolve(msg),
            });
          }),
        { to: demo(1).accid, bytes: [...png] },
      )
      .catch(async (error: unknown) => {
        // What the page asked and what the SDK said, for whoever reads a failed run.
        console.log(asked, await page.evaluate(() => (window as unknown as AnyWindow).sdkLog));
        throw error;
      });
    expect(sent).toMatchObject({
      type: 'image',
      status: 'success',
      file: { name: 'snack.png', ext: 'png', size: png.length, w: 48, h: 32 },
    });
    // The page shows the picture from the address NIM's SDK built, as a chat would.
    await page.evaluate(async (url) => {
      const caption = document.createElement('li');
      caption.textContent = '已发送图片：snack.png';
      const img = document.createElement('img');
      img.src = url;
      img.width = 96;
      document.getElementById('log')!.append(caption, img);
      await img.decode();
    }, sent.file!.url);
    expect(sent.file?.url).toMatch(new RegExp(`^${server.url}/im/files/[\\w-]{22}`));
    // The chunk protocol, not the multipart post to `nosup` that commonUpload would make.
    const uploads = asked.filter((line) => line.startsWith('POST /im/upload'));
    expect(uploads).toEqual([
      expect.stringMatching(/^POST \/im\/upload\/[\w-]+\/[\w-]{22}\?.*offset=0.*complete=true/),
    ]);
    expect(asked).toContainEqual(expect.stringMatching(/^GET \/im\/files\/[\w-]{22}\?imageInfo$/));

    const received = (await bob.events.next('msg')) as Msg;
    expect(received).toMatchObject({
      from: accid,
      file: { url: sent.file?.url, size: png.length, w: 48, h: 32 },
    });
    const fetched = await fetch(received.file!.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);

    // A file past NIM's 4 MB chunk: two requests, the second naming the first one's context.
    const size = 4 * 1024 * 1024 + 300_000;
    const big = Buffer.alloc(size);
    for (let i = 0; i < size; i++) big[i] = (i * 31 + (i >> 9)) & 255;
    asked.length = 0;
    const sentFile = await page.evaluate(
      ({ to, size }) =>
        new Promise<Msg>((resolve, reject) => {
          // The page makes the bytes itself (the same pattern as `big`): 4 MB cross no bridge.
          const bytes = new Uint8Array(size);
          for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 9)) & 255;
          const blob = new File([bytes], 'price-list.bin', { type: 'application/octet-stream' });
          (window as unknown as AnyWindow).nim.sendFile({
            scene: 'p2p',
            to,
            type: 'file',
            blob,
            done: (error: unknown, msg: Msg) =>
              error ? reject(new Error(JSON.stringify(error))) : resolve(msg),
          });
        }),
      { to: demo(1).accid, size },
    );
    expect(sentFile).toMatchObject({
      type: 'file',
      status: 'success',
      file: { name: 'price-list.bin', ext: 'bin', size },
    });
    expect(asked.filter((line) => line.startsWith('POST /im/upload'))).toEqual([
      expect.stringMatching(/\?offset=0&complete=false&version=1\.0$/),
      expect.stringMatching(/\?offset=4194304&complete=true&version=1\.0&context=[\w-]+$/),
    ]);
    const receivedFile = (await bob.events.next('msg')) as Msg;
    expect(receivedFile).toMatchObject({ from: accid, file: { url: sentFile.file?.url, size } });
    const fetchedFile = await fetch(receivedFile.file!.url);
    expect(Buffer.from(await fetchedFile.arrayBuffer()).equals(big)).toBe(true);

    const log = (await page.evaluate(() => (window as unknown as AnyWindow).sdkLog)) as string[];
    for (const line of log.filter((l) => /^(warn|error)/.test(l)))
      console.log(`  ${line.slice(0, 300)}`);
    expect(errors).toEqual([]);
    await screenshot(page, 'nim-browser-upload');
    await page.evaluate(
      () =>
        new Promise((resolve) => (window as unknown as AnyWindow).nim.destroy({ done: resolve })),
    );
    await bob.nim.destroy();
    await page.close();
  });
});
