// The server API's msg/upload (base64 in a form) and msg/fileUpload (multipart): the file is
// stored and served at the URL the reply gives; the 15 MB limit, expireSec's minimum and bad
// content are refused with NIM's 414, and the other actions still take only small forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_UPLOAD_MAX_BYTES } from '@morsel/protocol/nim-rest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { freshNonce, nimPost, nowSeconds, sha1Hex, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-upload-app', secret: 'rest-upload-secret' };
type Reply = { code: number; desc?: string; url?: string };

describe('/nimserver/msg/upload and fileUpload', () => {
  let server: TestServer;
  const upload = async (form: Record<string, string>) =>
    (await nimPost(server.url, 'msg/upload', form, app)).body as Reply;
  /** A signed multipart POST, as an app backend sends NIM's fileUpload. */
  const fileUpload = async (bytes: Buffer, fields: Record<string, string> = {}) => {
    const body = new FormData();
    body.append('content', new Blob([new Uint8Array(bytes)]), 'coupon.png');
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const nonce = freshNonce();
    const curTime = nowSeconds();
    const response = await fetch(`${server.url}/nimserver/msg/fileUpload.action`, {
      method: 'POST',
      headers: {
        AppKey: app.appKey,
        Nonce: nonce,
        CurTime: curTime,
        CheckSum: sha1Hex(app.secret + nonce + curTime),
      },
      body,
    });
    return (await response.json()) as Reply;
  };
  const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores base64 content and answers its url', async () => {
    const bytes = Buffer.from('零食券 coupon bytes \u0000\u00ff');
    const reply = await upload({ content: bytes.toString('base64'), type: 'txt', tag: 'coupon' });
    expect(reply.code).toBe(200);
    expect(reply.url).toMatch(/^http:\/\/.+\.txt$/);
    expect(await download(reply.url!)).toEqual(bytes);

    const image = await upload({ content: bytes.toString('base64'), type: 'image/png' });
    expect(image.url).toMatch(/\.png$/);
  });

  it('stores a multipart file and answers its url', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    const reply = await fileUpload(bytes, { type: 'jpg', expireSec: '86400' });
    expect(reply).toMatchObject({ code: 200 });
    expect(reply.url).toMatch(/\.jpg$/);
    expect(await download(reply.url!)).toEqual(bytes);
  });

  it('refuses more than 15 MB, a short expiry, bad base64 and the wrong content type', async () => {
    expect(await fileUpload(Buffer.alloc(REST_UPLOAD_MAX_BYTES + 1, 1))).toMatchObject({
      code: 414,
    });
    expect(await fileUpload(Buffer.alloc(10, 1), { expireSec: '3600' })).toMatchObject({
      code: 414,
      desc: 'expireSec must be at least 86400',
    });
    expect(await upload({ content: 'not base64!' })).toMatchObject({ code: 414 });
    expect(await upload({ content: 'QUJD', type: '../etc' })).toMatchObject({ code: 414 });
    // fileUpload takes multipart; a form names no file part.
    expect(
      (await nimPost(server.url, 'msg/fileUpload', { content: 'QUJD' }, app)).body,
    ).toMatchObject({ code: 414 });
    // The large body is the upload actions' alone.
    expect(
      (await nimPost(server.url, 'user/create', { accid: 'big', name: 'x'.repeat(20_000) }, app))
        .body,
    ).toMatchObject({ code: 414, desc: 'request body is too large' });
  });
});
