import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_NAMES, SampleMedia } from './samples.ts';

const PATH = process.env.PATH;
afterEach(() => {
  process.env.PATH = PATH;
});

describe('sample media without ffmpeg', () => {
  it('still makes every poster frame, says the videos are unavailable, and logs why', async () => {
    process.env.PATH = '/nonexistent';
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-samples-'));
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const samples = new SampleMedia(dir, log);
    await samples.settled();
    expect(samples.canEncode).toBe(false);
    expect(lines.join('')).toMatch(/ffmpeg not found/);
    for (const name of SAMPLE_NAMES) {
      expect(samples.state(name)).toBe('unavailable');
      const meta = await sharp(path.join(samples.dir, `${name}.jpg`)).metadata();
      expect(meta.format).toBe('jpeg');
    }
    await fs.rm(dir, { recursive: true });
  });
});
