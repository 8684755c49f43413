// Audio and video made with ffmpeg in the test, uploaded through the real server: the upload
// answer carries their duration and size, ?vinfo answers what ffprobe reads, and a recording
// gets an mp3 rendition.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imSuite } from '../im-link/suite.ts';
import { uploadSimple } from './upload-client.ts';

const run = promisify(execFile);
const suite = imSuite({ fresh: 'all' });
let dir: string;

async function ffmpeg(name: string, args: string[]): Promise<Buffer> {
  const out = path.join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args, out]);
  return fs.readFile(out);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-media-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('video', () => {
  it('answers duration, size and codecs of an uploaded video', async () => {
    const video = await ffmpeg('clip.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    const { nim } = await suite.client(0);
    const stored = await uploadSimple(suite.server, nim, video, 'mp4');
    expect(stored).toMatchObject({ w: 320, h: 240, size: video.length });
    expect(stored.dur).toBeGreaterThanOrEqual(1900);
    expect(stored.dur).toBeLessThanOrEqual(2100);
    const info = await (await fetch(`${stored.url}?vinfo`)).json();
    expect(info).toMatchObject({
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: 'aac',
      size: video.length,
    });
    expect(info.container).toContain('mp4');
  });

  it('answers 415 for vinfo of a file that is not media', async () => {
    const { nim } = await suite.client(0);
    const stored = await uploadSimple(suite.server, nim, Buffer.from('plain words'), 'txt');
    const response = await fetch(`${stored.url}?vinfo`);
    expect(response.status).toBe(415);
  });
});

describe('audio', () => {
  it('gives a recording its duration and an mp3 rendition', async () => {
    const voice = await ffmpeg('voice.m4a', [
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=3',
      '-c:a',
      'aac',
    ]);
    const { nim } = await suite.client(0);
    const stored = await uploadSimple(suite.server, nim, voice, 'm4a');
    expect(stored.dur).toBeGreaterThanOrEqual(2900);
    expect(stored.w).toBeUndefined();
    const mp3 = await fetch(`${stored.url}?audioTrans&type=mp3`);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const file = path.join(dir, 'back.mp3');
    await fs.writeFile(file, Buffer.from(await mp3.arrayBuffer()));
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    const probe = JSON.parse(stdout);
    expect(probe.format.format_name).toBe('mp3');
    expect(Number(probe.format.duration)).toBeGreaterThan(2.8);
    expect((await fetch(`${stored.url}?audioTrans&type=wav`)).status).toBe(414);
  });
});
