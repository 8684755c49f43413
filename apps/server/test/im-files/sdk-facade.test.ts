// Files through the NIM facade, as an application calls them: sendFile uploads a picture, a
// recording and a video made with ffmpeg to the load balancer's upload address and the receiver
// gets the file message; a 30 MB file goes in chunks and survives a connection dropped in the
// middle of a chunk; previewFile, processImage, getNosToken and the viewImage* helpers; every bad
// input answers its error.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMsg, UploadProgress } from '@morsel/im-sdk';
import { MSG_TYPES } from '@morsel/protocol';
import { imSuite } from '../im-link/suite.ts';
import { md5 } from './upload-client.ts';

const run = promisify(execFile);
const suite = imSuite({ fresh: 'all' });
let dir: string;

async function ffmpeg(name: string, args: string[]): Promise<Buffer> {
  const out = path.join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args, out]);
  return fs.readFile(out);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-facade-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

describe('sendFile', () => {
  it('uploads a picture, a recording and a video made with ffmpeg and sends them', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const to = { scene: 'p2p' as const, to: b.nim.account };
    const picture = await ffmpeg('frame.png', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=1',
      '-frames:v',
      '1',
    ]);
    const voice = await ffmpeg('voice.mp3', [
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=2',
      '-c:a',
      'libmp3lame',
    ]);
    const video = await ffmpeg('clip.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
    ]);

    const progress: UploadProgress[] = [];
    let uploaded: unknown;
    const image = await a.nim.sendFile({
      ...to,
      type: 'image',
      blob: new Blob([new Uint8Array(picture)], { type: 'image/png' }),
      uploadprogress: (p) => progress.push(p),
      uploaddone: (error, file) => (uploaded = error ?? file),
    });
    expect(image).toMatchObject({ type: MSG_TYPES.image, status: 'success' });
    expect(image.file).toMatchObject({ ext: 'png', w: 64, h: 48, size: picture.length });
    expect(image.file!.md5).toBe(md5(picture));
    expect(uploaded).toMatchObject({ url: image.file!.url });
    expect(progress.at(-1)).toMatchObject({ percentage: 100 });

    const audio = await a.nim.sendFile({
      ...to,
      type: 'audio',
      fileObject: new File([new Uint8Array(voice)], 'voice.mp3', { type: 'audio/mpeg' }),
    });
    expect(audio.file).toMatchObject({ ext: 'mp3', size: voice.length });
    expect(audio.file!.dur).toBeGreaterThan(1500);

    const clip = await a.nim.sendFile({
      ...to,
      type: 'video',
      filePath: path.join(dir, 'clip.mp4'),
    });
    expect(clip.file).toMatchObject({ ext: 'mp4', w: 160, h: 120, size: video.length });

    await b.events.until(() => b.events.all('msg').length >= 3);
    const received = b.events.all<ClientMsg>('msg');
    expect(received.map((m) => m.type)).toEqual([
      MSG_TYPES.image,
      MSG_TYPES.audio,
      MSG_TYPES.video,
    ]);
    expect(md5(await bytesOf(received[0]!.file!.url))).toBe(md5(picture));
    expect(md5(await bytesOf(received[2]!.file!.url))).toBe(md5(video));

    // A file uploaded before (previewFile) is sent without a second upload.
    const preview = await a.nim.previewFile({
      type: 'file',
      blob: new Blob(['minutes of the meeting']),
    });
    const again = await a.nim.sendFile({ ...to, file: preview });
    expect(again.file!.url).toBe(preview.url);
  });

  it('answers each bad input with its error, and done(error) too', async () => {
    const { nim } = await suite.client(0);
    const to = { scene: 'p2p' as const, to: 'demo2' };
    await expect(nim.sendFile({ ...to, type: 'image' })).rejects.toMatchObject({
      code: 'No_File_Selected',
      message: 'please choose image file',
    });
    const text = new Blob(['words'], { type: 'text/plain' });
    await expect(nim.sendFile({ ...to, type: 'video', blob: text })).rejects.toMatchObject({
      code: 'Wrong_File_Type',
      message: 'please choose video file',
    });
    await expect(
      nim.previewFile({ type: 'file', blob: text, dataURL: 'data:,x' }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(nim.previewFile({ blob: text, maxSize: 2 })).rejects.toMatchObject({
      code: 'File_Too_Large',
    });
    const viaDone = await new Promise<unknown>((resolve) => {
      void nim
        .previewFile({ type: 'audio', done: (error) => resolve(error) })
        .catch(() => undefined);
    });
    expect(viaDone).toMatchObject({
      code: 'No_File_Selected',
      message: 'please choose audio file',
    });
    // A refusal of the server reads code(message).
    await expect(nim.previewFile({ blob: text, nosSurvivalTime: 60 })).rejects.toMatchObject({
      code: 414,
    });
  });
});

describe('a 30 MB file in chunks', () => {
  it('survives a connection dropped in the middle of a chunk and resumes', async () => {
    let dropped = false;
    // The third chunk's connection breaks after half of its bytes reached the server.
    const dropping: typeof fetch = async (input, init) => {
      if (!dropped && String(input).includes('offset=8388608')) {
        dropped = true;
        const bytes = new Uint8Array(await (init!.body as Blob).arrayBuffer());
        const half = bytes.subarray(0, bytes.length / 2);
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (!sent) {
              sent = true;
              controller.enqueue(half);
              return;
            }
            return new Promise<void>((resolve) =>
              setTimeout(() => {
                controller.error(new Error('connection dropped'));
                resolve();
              }, 50),
            );
          },
        });
        return fetch(input, { ...init, body, duplex: 'half' } as RequestInit);
      }
      return fetch(input, init);
    };
    const { nim } = await suite.client(2, { fetch: dropping });
    const data = randomBytes(30 * 1024 * 1024);
    const loaded: number[] = [];
    const stored = await nim.previewFile({
      blob: new Blob([new Uint8Array(data)]),
      uploadprogress: (p) => loaded.push(p.loaded),
    });
    expect(dropped).toBe(true);
    expect(stored).toMatchObject({ size: data.length, md5: md5(data) });
    expect(loaded.at(-1)).toBe(data.length);
    expect(loaded).toEqual([...loaded].sort((x, y) => x - y));
    expect(md5(await bytesOf(stored.url))).toBe(md5(data));
  }, 120_000);
});

describe('image operations on the facade', () => {
  it('processImage, getNosToken and the viewImage* helpers', async () => {
    const { nim } = await suite.client(0);
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const { url } = await nim.previewFile({
      type: 'image',
      dataURL: `data:image/png;base64,${png.toString('base64')}`,
    });
    const token = await nim.getNosToken({ ext: 'jpg' });
    expect(token).toMatchObject({ objectName: expect.stringMatching(/\.jpg$/) });
    const processed = await nim.processImage({ url, ops: [{ type: 'rotate', angle: 90 }] });
    expect(await sharp(await bytesOf(processed.url)).metadata()).toMatchObject({
      width: 20,
      height: 40,
    });
    const thumb = nim.viewImageThumbnail({
      url: nim.viewImageStripMeta({ url }),
      mode: 'crop',
      width: 10,
      height: 10,
    });
    expect(await sharp(await bytesOf(thumb)).metadata()).toMatchObject({ width: 10, height: 10 });
    expect(() => nim.viewImageBlur({ url, radius: 51 })).toThrow(
      expect.objectContaining({ code: 'Param_Error' }),
    );
    await expect(
      nim.processImage({ url, ops: [{ type: 'quality', quality: 101 }] }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
  });
});

describe('access tokens', () => {
  it('opens a file by its token link until the uploader deletes the token', async () => {
    const { nim } = await suite.client(0);
    const other = await suite.client(1);
    const { url } = await nim.previewFile({ blob: new Blob(['price list']) });
    const { token, url: link } = await nim.getNosAccessToken({ url });
    expect(link).toBe(`${url}?token=${token}`);
    expect(await (await fetch(link)).text()).toBe('price list');
    expect((await fetch(`${url}?token=forged`)).status).toBe(403);
    // Only the uploader may hand out or withdraw tokens of the file.
    await expect(other.nim.getNosAccessToken({ url })).rejects.toMatchObject({ code: 404 });
    await expect(other.nim.deleteNosAccessToken({ token })).rejects.toMatchObject({ code: 404 });
    await nim.deleteNosAccessToken({ token });
    expect((await fetch(link)).status).toBe(403);
    await expect(nim.deleteNosAccessToken({ token })).rejects.toMatchObject({ code: 404 });
    // The bare URL stays readable, as every stored file's (decision 0017).
    expect((await fetch(url)).status).toBe(200);
  });
});
