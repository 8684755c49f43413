// Helpers for the post office suites: recordings made with ffmpeg as a phone's MediaRecorder
// would send them (WebM/Opus streamed without a stated length, MP4/AAC), and the upload as the
// page sends it (multipart).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Envelope } from '../product/helpers.ts';
import type { Json } from '../campaigns/helpers.ts';

const run = promisify(execFile);

/**
 * A tone of `seconds` in `format`. `webm` is written to a pipe, as MediaRecorder streams it: the
 * container then states no length, so the server must find it out by decoding.
 */
export async function recording(
  seconds: number,
  format: 'webm' | 'm4a' | 'video' = 'webm',
): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postoffice-test-'));
  try {
    const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
    if (format === 'webm') {
      const { stdout } = await run(
        'ffmpeg',
        ['-v', 'error', ...tone, '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
        { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024 },
      );
      return stdout;
    }
    const out = path.join(dir, format === 'm4a' ? 'voice.m4a' : 'clip.mp4');
    const picture =
      format === 'video' ? ['-f', 'lavfi', '-i', `testsrc=size=160x120:duration=${seconds}`] : [];
    await run('ffmpeg', ['-v', 'error', ...tone, ...picture, '-c:a', 'aac', '-shortest', out]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function uploadVoice(
  base: string,
  ut: string | undefined,
  bytes: Buffer,
  fileName = 'voice.webm',
  type = 'audio/webm',
): Promise<{ status: number; body: Envelope<Json> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await fetch(`${base}/api/postoffice/voices`, {
    method: 'POST',
    headers: ut ? { ut } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<Json> };
}

export const card = (voice: string, overrides: Record<string, unknown> = {}) => ({
  template: 'birthday',
  cover: 'postcard-cake',
  voice,
  to: '小王',
  from: '小李',
  text: '生日快乐，记得吃零食！',
  ...overrides,
});
