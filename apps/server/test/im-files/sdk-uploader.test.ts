// The SDK's files module (packages/im-sdk/src/files) against the real server: every file source,
// its refusals, simple and chunked uploads with progress, a chunk lost on the network and resumed,
// quick transfer, server refusals shown as 'code(message)', processImage and the URL helpers.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { NIM } from '@morsel/im-sdk';
import {
  FileUploader,
  ONE_SOURCE_RULE,
  viewImageCrop,
  viewImageQuality,
  viewImageThumbnail,
  type UploadProgress,
} from '@morsel/im-sdk';
import { imSuite } from '../im-link/suite.ts';
import { md5, uploadAddress } from './upload-client.ts';

const suite = imSuite({ fresh: 'all' });

async function uploaderFor(nim: NIM, fetchImpl: typeof fetch = fetch) {
  const address = await uploadAddress(suite.server);
  return new FileUploader({
    send: (command, params) => nim.sendCmd(command, params),
    fetch: fetchImpl,
    uploadAddress: () => address,
  });
}

const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();

describe('file sources', () => {
  it('refuses none, two, the wrong type and an oversize file with the spec errors', async () => {
    const { nim } = await suite.client(0);
    const files = await uploaderFor(nim);
    await expect(files.previewFile({ type: 'image' })).rejects.toMatchObject({
      code: 'No_File_Selected',
      message: 'please choose image file',
    });
    const blob = new Blob([new Uint8Array(await picture())], { type: 'image/png' });
    await expect(
      files.previewFile({ type: 'image', blob, dataURL: 'data:,x' }),
    ).rejects.toMatchObject({
      code: 'Param_Error',
      message: ONE_SOURCE_RULE,
    });
    await expect(files.previewFile({ type: 'video', blob })).rejects.toMatchObject({
      code: 'Wrong_File_Type',
      message: 'please choose video file',
    });
    await expect(files.previewFile({ type: 'image', blob, maxSize: 10 })).rejects.toMatchObject({
      code: 'File_Too_Large',
    });
    await expect(files.previewFile({ fileInput: { files: [] } })).rejects.toMatchObject({
      code: 'No_File_Selected',
      message: 'please choose file file',
    });
    await expect(files.previewFile({ wxFilePath: 'wxfile://tmp' })).rejects.toMatchObject({
      code: 'Not_Support',
    });
  });

  it('uploads from a blob, a data URL, a file input and a path', async () => {
    const { nim } = await suite.client(0);
    const files = await uploaderFor(nim);
    const png = await picture();
    const progress: UploadProgress[] = [];
    const fromBlob = await files.previewFile({
      type: 'image',
      blob: new Blob([new Uint8Array(png)], { type: 'image/png' }),
      onuploadprogress: (p) => progress.push(p),
    });
    expect(fromBlob).toMatchObject({ size: png.length, md5: md5(png), ext: 'png', w: 40, h: 30 });
    expect(progress.at(-1)).toMatchObject({ percentage: 100, percentageText: '100%' });
    const fromDataUrl = await files.previewFile({
      type: 'image',
      dataURL: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(fromDataUrl.md5).toBe(md5(png));
    const file = new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' });
    expect(await files.previewFile({ type: 'image', fileInput: { files: [file] } })).toMatchObject({
      ext: 'png',
      name: 'photo.png',
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-sdk-'));
    try {
      await fs.writeFile(path.join(dir, 'notes.txt'), 'hello');
      const fromPath = await files.previewFile({ filePath: path.join(dir, 'notes.txt') });
      // Named as the file was chosen, without its folders (the storage keeps its own key).
      expect(fromPath).toMatchObject({ ext: 'txt', size: 5, name: 'notes.txt' });
      expect(await (await fetch(fromPath.url)).text()).toBe('hello');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('chunked uploads from the SDK', () => {
  it('sends a 9 MB file in chunks, survives a lost chunk and reports progress', async () => {
    const { nim } = await suite.client(0);
    let lost = false;
    // The network loses the second chunk once, after the server has started reading it.
    const flaky: typeof fetch = async (input, init) => {
      const url = String(input);
      if (!lost && url.includes('offset=4194304')) {
        lost = true;
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const files = await uploaderFor(nim, flaky);
    const data = randomBytes(9 * 1024 * 1024);
    const progress: number[] = [];
    const stored = await files.previewFile({
      blob: new Blob([new Uint8Array(data)]),
      onuploadprogress: (p) => progress.push(p.loaded),
    });
    expect(lost).toBe(true);
    expect(stored).toMatchObject({ size: data.length, md5: md5(data) });
    expect(progress).toEqual([4194304, 8388608, data.length]);
    expect(md5(Buffer.from(await (await fetch(stored.url)).arrayBuffer()))).toBe(md5(data));

    // Quick transfer: the same content with its md5 is not sent again.
    let calls = 0;
    const counting = await uploaderFor(nim, (input, init) => {
      calls++;
      return fetch(input, init);
    });
    const again = await counting.previewFile({
      blob: new Blob([new Uint8Array(data)]),
      md5: md5(data),
    });
    expect(again.url).toBe(stored.url);
    expect(calls).toBe(0);
  });

  it("shows the server's refusal as code(message)", async () => {
    const { nim } = await suite.client(0);
    const forged: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (headers.has('x-nos-token')) headers.set('x-nos-token', 'forged');
      return fetch(input, { ...init, headers });
    };
    const files = await uploaderFor(nim, forged);
    await expect(
      files.previewFile({ blob: new Blob([new Uint8Array(randomBytes(5 * 1024 * 1024))]) }),
    ).rejects.toMatchObject({
      code: 403,
      message: '403(upload token missing, expired, spent or not for this object: ask getNosToken)',
    });
  });
});

describe('image helpers', () => {
  it('builds operation URLs the server renders, and processImage checks before sending', async () => {
    const { nim } = await suite.client(0);
    const files = await uploaderFor(nim);
    const { url } = await files.previewFile({
      type: 'image',
      blob: new Blob([new Uint8Array(await picture())], { type: 'image/png' }),
    });
    const thumb = viewImageThumbnail({
      url: viewImageCrop({ url, x: 0, y: 0, width: 20, height: 30 }),
      mode: 'contain',
      width: 10,
    });
    expect(thumb).toBe(`${url}?imageView&crop=0_0_20_30&thumbnail=contain_10_0_5_5`);
    const out = Buffer.from(await (await fetch(thumb)).arrayBuffer());
    expect(await sharp(out).metadata()).toMatchObject({ width: 10, height: 15 });
    expect(() => viewImageQuality({ url, quality: 101 })).toThrow(
      expect.objectContaining({
        code: 'Param_Error',
        message: 'quality must be an integer from 0 to 100',
      }),
    );
    await expect(
      files.processImage({ url, ops: [{ type: 'blur', radius: 0 }] }),
    ).rejects.toMatchObject({
      code: 'Param_Error',
    });
    const processed = await files.processImage({
      url,
      ops: [{ type: 'thumbnail', mode: 'cover', width: 8, height: 8 }],
    });
    expect(
      await sharp(Buffer.from(await (await fetch(processed)).arrayBuffer())).metadata(),
    ).toMatchObject({ height: 8 });
  });
});
