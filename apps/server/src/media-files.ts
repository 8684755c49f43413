// What the server's sample-media makers share (the community videos' samples, the live room's
// HLS streams): whether ffmpeg is installed, whether a made file is there, and writing a file
// through a temporary name so that a reader never sees half of it.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function hasFfmpeg(): Promise<boolean> {
  try {
    await run('ffmpeg', ['-hide_banner', '-version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

export async function fileExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes through a temporary name, so a reader never sees half a file. */
export async function writeAtomically(
  file: string,
  make: (temp: string) => Promise<void>,
): Promise<void> {
  const temp = `${file}.${process.pid}.tmp${path.extname(file)}`;
  try {
    await make(temp);
    await fs.rename(temp, file);
  } finally {
    await fs.rm(temp, { force: true });
  }
}
