// The sample community videos, made on this server so a fresh install plays real video with no
// media shipped in the repository. Each picture of ./art/ (SVG, no text) becomes
//   <name>.jpg  its poster frame, rendered with sharp (always: the pages never lack a poster), and
//   <name>.mp4  a few seconds of that picture slowly zooming, with a soft chord: H.264 (main
//               profile, yuv420p) + AAC, moov atom first (faststart) so playback starts before
//               the download ends. Made with Debian's ffmpeg (scripts/ensure-system.sh).
// Files go to MORSEL_DATA_DIR/campaign-media and are made once (a restart finds them). Without
// ffmpeg the server says so once in its log and the pages show the posters only.
// Chromium as Debian builds it plays H.264/AAC, as do iOS Safari and WeChat: no WebM is made.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Logger } from '../../log.ts';
import { serverPath } from '../../paths.ts';
import { MediaPreparation, fileExists, hasFfmpeg, writeAtomically } from '../../media-files.ts';

const run = promisify(execFile);
const ART_DIR = serverPath('src', 'campaigns', 'video', 'art');
const ENCODE_TIMEOUT_MS = 120_000;
export const SAMPLE_SECONDS = 6;
const FPS = 25;
/** What `<source type>` says of the MP4s made here (H.264 main 3.0, AAC-LC). */
export const SAMPLE_MP4_TYPE = 'video/mp4; codecs="avc1.4D401E, mp4a.40.2"';

/** The art names samples are made from (`sample:<name>` in the settings). */
export const SAMPLE_NAMES: readonly string[] = readdirSync(ART_DIR)
  .filter((n) => n.endsWith('.svg'))
  .map((n) => n.slice(0, -'.svg'.length))
  .sort();

export type SampleState = 'ready' | 'preparing' | 'unavailable';

export interface SampleInfo {
  width: number;
  height: number;
}

async function encode(
  poster: string,
  info: SampleInfo,
  output: string,
  signal: AbortSignal,
): Promise<void> {
  const frames = SAMPLE_SECONDS * FPS;
  const chord = '0.06*sin(2*PI*262*t)+0.05*sin(2*PI*330*t)+0.04*sin(2*PI*392*t)';
  await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-loop', '1', '-framerate', String(FPS), '-i', poster],
      ...['-f', 'lavfi', '-i', `aevalsrc=${chord}:s=44100:d=${SAMPLE_SECONDS}`],
      ...['-t', String(SAMPLE_SECONDS), '-frames:v', String(frames)],
      '-vf',
      // A slow push-in (Ken Burns) so the frames differ and playback can be seen advancing.
      `zoompan=z='1+0.12*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${info.width}x${info.height}:fps=${FPS},format=yuv420p`,
      '-af',
      `afade=t=in:d=0.5,afade=t=out:st=${SAMPLE_SECONDS - 0.8}:d=0.8`,
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-profile:v', 'main'],
      ...['-level', '3.0', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart'],
      ...['-f', 'mp4', output],
    ],
    { timeout: ENCODE_TIMEOUT_MS, signal },
  );
}

export class SampleMedia {
  readonly dir: string;
  private readonly log: Logger;
  private readonly states = new Map<string, SampleState>();
  private readonly infos = new Map<string, SampleInfo>();
  private encoder: boolean | undefined;
  private readonly preparation = new MediaPreparation(
    () => this.preparePosters(),
    (signal) => this.encodeAll(signal),
  );

  constructor(dataDir: string, log: Logger) {
    this.dir = path.join(dataDir, 'campaign-media');
    this.log = log;
  }

  /** Whether ffmpeg was found (undefined until `prepare` looked). */
  get canEncode(): boolean | undefined {
    return this.encoder;
  }

  state(name: string): SampleState {
    return this.states.get(name) ?? (this.encoder === false ? 'unavailable' : 'preparing');
  }

  info(name: string): SampleInfo | undefined {
    return this.infos.get(name);
  }

  /** The posters now (awaited before the server answers); the videos in the background. */
  prepare(): Promise<void> {
    return this.preparation.prepare();
  }

  private async preparePosters(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    this.encoder = await hasFfmpeg();
    if (!this.encoder)
      this.log.warn(
        'ffmpeg not found: the community videos show their posters only (scripts/ensure-system.sh installs it)',
      );
    for (const name of SAMPLE_NAMES) {
      const svg = await fs.readFile(path.join(ART_DIR, `${name}.svg`));
      const meta = await sharp(svg).metadata();
      this.infos.set(name, { width: meta.width ?? 360, height: meta.height ?? 640 });
      const poster = path.join(this.dir, `${name}.jpg`);
      if (!(await fileExists(poster)))
        await writeAtomically(poster, (temp) =>
          sharp(svg)
            .jpeg({ quality: 85, mozjpeg: true })
            .toFile(temp)
            .then(() => undefined),
        );
      if (await fileExists(path.join(this.dir, `${name}.mp4`))) this.states.set(name, 'ready');
      else if (!this.encoder) this.states.set(name, 'unavailable');
    }
  }

  /** One at a time: the machine's cores serve requests first. */
  private async encodeAll(signal: AbortSignal): Promise<void> {
    if (!this.encoder) return;
    for (const name of SAMPLE_NAMES) {
      if (signal.aborted) return;
      if (this.states.get(name) === 'ready') continue;
      const info = this.infos.get(name)!;
      try {
        await writeAtomically(path.join(this.dir, `${name}.mp4`), (temp) =>
          encode(path.join(this.dir, `${name}.jpg`), info, temp, signal),
        );
        this.states.set(name, 'ready');
      } catch (error) {
        if (signal.aborted) return;
        this.log.error({ err: error, sample: name }, 'could not encode a sample video');
        this.states.set(name, 'unavailable');
      }
    }
  }

  /** Stops encoding (the server is closing) and waits for the encoder to let go. */
  close(): Promise<void> {
    return this.preparation.close();
  }

  /** Resolves once every sample is ready or known unavailable (tests, scripts). */
  settled(): Promise<void> {
    return this.preparation.settled();
  }
}
