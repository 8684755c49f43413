// Uploads through the real server: grants from the IM link (real SDK), simple multipart uploads,
// a 30 MB chunked upload with a dropped connection in the middle, quick transfer, safe short
// URLs, quotas, the expiry of files with a survival time, and access from other origins.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FILE_LIMITS } from '@morsel/protocol';
import { ManualClock } from '../harness/index.ts';
import { pruneFiles } from '../../src/im/files/index.ts';
import { imSuite } from '../im-link/suite.ts';
import {
  dropMidChunk,
  grant,
  md5,
  postChunk,
  postMultipart,
  uploadAddress,
  uploadSimple,
} from './upload-client.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
const suite = imSuite({ fresh: 'all', services: { clock } });

const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();

describe('simple uploads', () => {
  it("answers another origin's preflight, and lets it read uploads' and files' answers", async () => {
    const address = await uploadAddress(suite.server);
    const origin = 'https://shop.example';
    const preflight = await fetch(`${address}/morsel/AAAAAAAAAAAAAAAAAAAAAA`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-nos-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, x-nos-token');
    // A refusal is readable too, so the page's SDK sees why.
    const refused = await fetch(`${address}/morsel/AAAAAAAAAAAAAAAAAAAAAA?offset=0`, {
      method: 'POST',
      headers: { origin, 'x-nos-token': 'nope' },
      body: 'x',
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    // Without an Origin (not a browser), no CORS headers.
    const plain = await fetch(`${address}/morsel/AAAAAAAAAAAAAAAAAAAAAA`, { method: 'OPTIONS' });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stores a picture under its grant and serves it back with its size', async () => {
    const { nim } = await suite.client(0);
    const data = await png();
    const token = await grant(nim, 'png');
    expect(token.url).toBe(`${suite.server.url}/im/files/${token.objectName}`);
    const address = await uploadAddress(suite.server);
    const { status, body } = await postMultipart(
      address,
      { object: token.objectName, token: token.token },
      data,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      url: token.url,
      size: data.length,
      md5: md5(data),
      ext: 'png',
      w: 64,
      h: 32,
    });
    const served = await fetch(token.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(data);
    const info = await (await fetch(`${token.url}?imageInfo`)).json();
    // NOS's names too, which NIM's browser build reads after a chunked upload.
    expect(info).toMatchObject({ format: 'png', width: 64, height: 32, size: data.length });
    expect(info).toMatchObject({ Type: 'png', Width: 64, Height: 32, Size: data.length });

    // The grant is spent: the same token cannot write again.
    const again = await postMultipart(
      address,
      { object: token.objectName, token: token.token },
      data,
    );
    expect(again.status).toBe(403);
  });

  it('refuses a missing, forged or foreign token and a grant used for another object', async () => {
    const { nim } = await suite.client(0);
    const address = await uploadAddress(suite.server);
    const [a, b] = [await grant(nim, 'bin'), await grant(nim, 'bin')];
    const data = randomBytes(100);
    for (const fields of [
      { object: a.objectName, token: 'forged-token' },
      { object: b.objectName, token: a.token },
      { object: a.objectName, token: '' },
    ]) {
      const { status, body } = await postMultipart(address, fields, data);
      expect(status).toBe(403);
      expect(body.message).toMatch(/upload token/);
    }
    const noFile = await fetch(address, { method: 'POST', body: new FormData() });
    expect(noFile.status).toBe(400);
    const notMultipart = await fetch(address, { method: 'POST', body: 'x' });
    expect(notMultipart.status).toBe(415);
  });

  it('hands out simple tokens in bulk and refuses a survival time under a day', async () => {
    const { nim } = await suite.client(0);
    const { nosTokens } = await nim.sendCmd('getSimpleNosToken', { num: 3 });
    expect(new Set(nosTokens.map((t) => t.objectName)).size).toBe(3);
    await expect(nim.sendCmd('getSimpleNosToken', { num: 0 })).rejects.toMatchObject({ code: 414 });
    await expect(grant(nim, 'png', 3600)).rejects.toMatchObject({
      code: 414,
      message: 'nosSurvivalTime must be at least 86400 s, or 0 for ever',
    });
    await expect(grant(nim, '../x')).rejects.toMatchObject({ code: 414 });
    // Unused grants are rows: an account cannot pile them up (demo3 here: the others go on).
    const { nim: hoarder } = await suite.client(2);
    for (let i = 0; i < 5; i++) await hoarder.sendCmd('getSimpleNosToken', { num: 100 });
    await expect(hoarder.sendCmd('getNosToken', {})).rejects.toMatchObject({
      code: 419,
      message: 'at most 500 unused upload tokens per account: use them or let them expire',
    });
  });

  it('mints a safe short url for every stored file, resolved by getOriginUrl', async () => {
    const { nim } = await suite.client(0);
    const stored = await uploadSimple(suite.server, nim, randomBytes(500), 'bin');
    expect(stored.safeUrl).toMatch(/^http.*im_url=1/);
    expect(await nim.getNosOriginUrl({ safeShortUrl: stored.safeUrl })).toBe(stored.url);
  });
});

describe('quick transfer', () => {
  it('answers the stored url for known content and 404 for unknown', async () => {
    const { nim } = await suite.client(0);
    const data = randomBytes(2048);
    const stored = await uploadSimple(suite.server, nim, data, 'bin');
    const { nim: other } = await suite.client(1);
    await expect(
      other.sendCmd('fileQuickTransfer', { md5: md5(data).toUpperCase(), size: data.length }),
    ).resolves.toEqual({ url: stored.url, size: data.length, md5: md5(data) });
    await expect(
      other.sendCmd('fileQuickTransfer', { md5: md5(data), size: data.length + 1 }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      other.sendCmd('fileQuickTransfer', { md5: 'not-an-md5', size: 1 }),
    ).rejects.toMatchObject({ code: 414 });
  });
});

describe('chunked uploads', () => {
  it('takes 30 MB in 4 MB chunks and resumes after a dropped connection', async () => {
    const { nim } = await suite.client(0);
    const data = randomBytes(30 * 1024 * 1024);
    const token = await grant(nim, 'bin');
    const address = await uploadAddress(suite.server);
    const chunk = FILE_LIMITS.chunkBytes;
    let offset = 0;
    let context: string | undefined;
    let dropped = false;
    let last: Record<string, unknown> = {};
    while (offset < data.length) {
      if (!dropped && offset >= 12 * 1024 * 1024) {
        dropped = true;
        await dropMidChunk(
          address,
          token,
          { offset, context: context! },
          data.subarray(offset, offset + chunk / 2),
        );
        // Ask where to go on, as a client does after reconnecting; a request still being torn
        // down on the server answers 409 until it is gone.
        const resume = await fetch(
          `${address}/${token.bucket}/${token.objectName}?uploadContext&context=${context}&version=1.0`,
          { headers: { 'x-nos-token': token.token } },
        );
        expect(resume.status).toBe(200);
        expect(await resume.json()).toEqual({ context, offset });
      }
      const part = data.subarray(offset, offset + chunk);
      const complete = offset + part.length === data.length;
      const send = () =>
        postChunk(address, token, { offset, complete, context }, part).catch(() => undefined);
      let answer = await send();
      for (let tries = 0; (!answer || answer.status === 409) && tries < 100; tries++) {
        await new Promise((r) => setTimeout(r, 20));
        answer = await send();
      }
      if (!answer) throw new Error('the chunk was never taken');
      expect(answer.status).toBe(200);
      expect(answer.body.offset).toBe(offset + part.length);
      context = answer.body.context;
      offset = answer.body.offset!;
      last = answer.body;
    }
    expect(dropped).toBe(true);
    expect(last).toMatchObject({ url: token.url, size: data.length, md5: md5(data) });
    const served = Buffer.from(await (await fetch(token.url)).arrayBuffer());
    expect(md5(served)).toBe(md5(data));
  });

  it('refuses an oversize chunk, a wrong offset, a wrong context and a foreign token', async () => {
    const { nim } = await suite.client(0);
    const token = await grant(nim, 'bin');
    const address = await uploadAddress(suite.server);
    const big = await postChunk(
      address,
      token,
      { offset: 0, complete: false },
      randomBytes(FILE_LIMITS.chunkBytes + 1),
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('a chunk holds at most 4194304 bytes (4 MB)');
    const first = await postChunk(address, token, { offset: 0, complete: false }, randomBytes(10));
    expect(first.body).toMatchObject({ offset: 10 });
    const skipped = await postChunk(
      address,
      token,
      { offset: 20, complete: false, context: first.body.context },
      randomBytes(10),
    );
    expect(skipped).toMatchObject({ status: 409, body: { offset: 10 } });
    const noContext = await postChunk(
      address,
      token,
      { offset: 10, complete: false, context: 'other' },
      randomBytes(10),
    );
    expect(noContext.status).toBe(400);
    const other = await grant(nim, 'bin');
    const foreign = await postChunk(
      address,
      { ...other, token: token.token },
      { offset: 0, complete: false },
      randomBytes(10),
    );
    expect(foreign.status).toBe(403);
    const negative = await postChunk(
      address,
      token,
      { offset: -1, complete: false },
      randomBytes(1),
    );
    expect(negative.status).toBe(400);
  });
});

describe('survival time', () => {
  it('keeps a file for its nosSurvivalTime and prunes it after', async () => {
    const { nim } = await suite.client(0);
    const token = await grant(nim, 'bin', 86_400);
    const data = randomBytes(300);
    const address = await uploadAddress(suite.server);
    const { status } = await postMultipart(
      address,
      { object: token.objectName, token: token.token },
      data,
    );
    expect(status).toBe(200);
    const forever = await uploadSimple(suite.server, nim, randomBytes(300), 'bin');
    clock.advance(86_400_000 - 1);
    expect((await fetch(token.url)).status).toBe(200);
    clock.advance(1);
    expect((await fetch(token.url)).status).toBe(404);
    expect(await pruneFiles(suite.server.server.files)).toBeGreaterThanOrEqual(1);
    expect(await suite.server.server.files.storage.has(`objects/${token.objectName}`)).toBe(false);
    expect((await fetch(forever.url)).status).toBe(200);
  });
});

describe('quotas', () => {
  const small = imSuite({ fresh: 'all', config: { imUploadFilesPerDayPerAccount: 1 } });
  it('refuses an account its second file of the day', async () => {
    const { nim } = await small.client(0);
    await uploadSimple(small.server, nim, randomBytes(10), 'bin');
    const token = await grant(nim, 'bin');
    const { status, body } = await postMultipart(
      await uploadAddress(small.server),
      { object: token.objectName, token: token.token },
      randomBytes(10),
    );
    expect(status).toBe(429);
    expect(body.message).toBe('daily upload quota of 1 files per account is used up');
  });
});
