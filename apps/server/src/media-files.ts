// What the server's sample-media makers share (the community videos' samples, the live room's
// HLS streams): whether ffmpeg is installed, whether a made file is there, writing a file through a
// temporary name so that a reader never sees half of it, and when the media is made.
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

/**
 * When sample media is made: the stills on the first request that needs them (awaited, so a page
 * always has a picture), then the encodings in the background, and an encoding still running ends
 * when the server closes (its data may be going away).
 */
export class MediaPreparation {
  private started: Promise<void> | undefined;
  private encoding: Promise<void> | undefined;
  private readonly stop = new AbortController();

  constructor(
    private readonly makeStills: () => Promise<void>,
    private readonly encodeAll: (signal: AbortSignal) => Promise<void>,
  ) {}

  prepare(): Promise<void> {
    this.started ??= this.makeStills().then(() => {
      this.encoding = this.encodeAll(this.stop.signal);
    });
    return this.started;
  }

  /** Stops encoding and waits for the encoder to let go. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.encoding?.catch(() => undefined);
  }

  /** Resolves once every encoding has ended (tests, scripts). */
  async settled(): Promise<void> {
    await this.prepare();
    await this.encoding;
  }
}
