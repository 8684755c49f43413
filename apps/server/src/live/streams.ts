// The sample live stream (decision 0052): each picture of ./art/ (SVG, no text) becomes
//   <name>.jpg           the cover and the player's poster, rendered with sharp (always), and
//   <name>.m3u8 + .ts    an HLS rendition: 8 s of the picture slowly zooming with a soft chord,
//                        H.264 main + AAC in 2 s MPEG-TS segments, a VOD playlist the player loops.
// Made with Debian's ffmpeg when a live page first asks (not at every start: most servers never
// show a live room), one at a time, into MORSEL_DATA_DIR/live-media through a temporary folder
// (the playlist is moved in last, so a reader never sees a playlist without its segments).
// Without ffmpeg the server says so once and the pages show the cover only.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Logger } from '../log.ts';
import { serverPath } from '../paths.ts';
import { MediaPreparation, fileExists, hasFfmpeg, writeAtomically } from '../media-files.ts';

const run = promisify(execFile);
const ART_DIR = serverPath('src', 'live', 'art');
const ENCODE_TIMEOUT_MS = 120_000;
const SECONDS = 8;
const SEGMENT_SECONDS = 2;
const FPS = 25;

/** The art names streams are made from (`sample:<name>` in a session). */
export const STREAM_NAMES: readonly string[] = readdirSync(ART_DIR)
  .filter((n) => n.endsWith('.svg'))
  .map((n) => n.slice(0, -'.svg'.length))
  .sort();

export type StreamState = 'ready' | 'preparing' | 'unavailable';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const SEGMENT_TYPE = 'video/mp2t';

async function encodeHls(poster: string, name: string, out: string, signal: AbortSignal) {
  const frames = SECONDS * FPS;
  const chord = '0.05*sin(2*PI*294*t)+0.04*sin(2*PI*370*t)+0.03*sin(2*PI*440*t)';
  await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-loop', '1', '-framerate', String(FPS), '-i', poster],
      ...['-f', 'lavfi', '-i', `aevalsrc=${chord}:s=44100:d=${SECONDS}`],
      ...['-t', String(SECONDS), '-frames:v', String(frames)],
      '-vf',
      `zoompan=z='1+0.1*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=640x360:fps=${FPS},format=yuv420p`,
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-profile:v', 'main'],
      // A key frame at every segment start, so each segment plays on its own.
      ...['-level', '3.0', '-g', String(SEGMENT_SECONDS * FPS), '-sc_threshold', '0'],
      ...['-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', path.join(out, `${name}-%03d.ts`)],
      path.join(out, `${name}.m3u8`),
    ],
    { timeout: ENCODE_TIMEOUT_MS, signal },
  );
}

export class LiveStreams {
  readonly dir: string;
  private readonly states = new Map<string, StreamState>();
  private encoder: boolean | undefined;
  private readonly preparation = new MediaPreparation(
    () => this.prepareCovers(),
    (signal) => this.encodeAll(signal),
  );

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.dir = path.join(dataDir, 'live-media');
  }

  state(name: string): StreamState {
    return this.states.get(name) ?? (this.encoder === false ? 'unavailable' : 'preparing');
  }

  /** The covers now (awaited before a page answers); the streams in the background. */
  prepare(): Promise<void> {
    return this.preparation.prepare();
  }

  private async prepareCovers(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    this.encoder = await hasFfmpeg();
    if (!this.encoder)
      this.log.warn(
        'ffmpeg not found: the live room shows its cover only (scripts/ensure-system.sh installs it)',
      );
    for (const name of STREAM_NAMES) {
      const cover = path.join(this.dir, `${name}.jpg`);
      if (!(await fileExists(cover))) {
        await writeAtomically(cover, (temp) =>
          sharp(path.join(ART_DIR, `${name}.svg`))
            .jpeg({ quality: 85, mozjpeg: true })
            .toFile(temp)
            .then(() => undefined),
        );
      }
      if (await fileExists(path.join(this.dir, `${name}.m3u8`))) this.states.set(name, 'ready');
      else if (!this.encoder) this.states.set(name, 'unavailable');
    }
  }

  private async encodeAll(signal: AbortSignal): Promise<void> {
    if (!this.encoder) return;
    for (const name of STREAM_NAMES) {
      if (signal.aborted) return;
      if (this.states.get(name) === 'ready') continue;
      const temp = path.join(this.dir, `.${name}.${process.pid}.tmp`);
      try {
        await fs.rm(temp, { recursive: true, force: true });
        await fs.mkdir(temp);
        await encodeHls(path.join(this.dir, `${name}.jpg`), name, temp, signal);
        const files = (await fs.readdir(temp)).sort((a, b) =>
          // Segments first, the playlist last.
          a.endsWith('.m3u8') ? 1 : b.endsWith('.m3u8') ? -1 : a.localeCompare(b),
        );
        for (const file of files) await fs.rename(path.join(temp, file), path.join(this.dir, file));
        this.states.set(name, 'ready');
      } catch (error) {
        if (signal.aborted) return;
        this.log.error({ err: error, stream: name }, 'could not encode the sample live stream');
        this.states.set(name, 'unavailable');
      } finally {
        await fs.rm(temp, { recursive: true, force: true });
      }
    }
  }

  close(): Promise<void> {
    return this.preparation.close();
  }

  /** Resolves once every stream is ready or known unavailable (tests, scripts). */
  settled(): Promise<void> {
    return this.preparation.settled();
  }
}
