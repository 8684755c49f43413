// What a post office recording must be before it is kept: audio only, in a container a phone's
// MediaRecorder makes (WebM/Opus in Chromium, MP4/AAC in Safari, Ogg in Firefox) or a plain
// audio file, at most a minute long. ffprobe reads the type; the recording is then transcoded to
// mono MP3 (every phone plays it, unlike WebM on older iOS) with ffmpeg stopping past the limit,
// so a file that does not say how long it is (MediaRecorder's WebM) costs at most a minute of
// encoding; the MP3's own length is what is checked and kept. Both run on a temporary file, with
// time limits, never through a shell.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { POSTCARD_LIMITS } from '@morsel/api/postoffice';
import { MediaError, probeMedia } from '../im/files/index.ts';

const run = promisify(execFile);
const TRANSCODE_TIMEOUT_MS = 60_000;

/** ffprobe's format names a recording may have (it lists several per container). */
const AUDIO_CONTAINERS = new Set([
  'matroska',
  'webm',
  'mov',
  'mp4',
  'm4a',
  'ogg',
  'mp3',
  'aac',
  'wav',
]);

export type VoiceRefusalReason = 'type' | 'long' | 'short' | 'unavailable';

export class VoiceRefusal extends Error {
  constructor(readonly reason: VoiceRefusalReason) {
    super(`voice refused: ${reason}`);
  }
}

export interface CheckedVoice {
  mp3: Buffer;
  durationMs: number;
}

/** The longest recording kept, the recorder's slack included. */
const LONGEST_MS = POSTCARD_LIMITS.maxVoiceMs + POSTCARD_LIMITS.voiceSlackMs;

let tools: Promise<boolean> | undefined;
/** Whether ffprobe and ffmpeg are installed (looked up once per process). */
export function mediaToolsAvailable(): Promise<boolean> {
  tools ??= Promise.all([
    run('ffprobe', ['-hide_banner', '-version'], { timeout: 10_000 }),
    run('ffmpeg', ['-hide_banner', '-version'], { timeout: 10_000 }),
  ]).then(
    () => true,
    () => false,
  );
  return tools;
}

async function transcode(input: string, output: string): Promise<void> {
  try {
    await run(
      'ffmpeg',
      [
        ...['-v', 'error', '-nostdin', '-y', '-i', input],
        // The first audio stream only, mono, speech quality; one second past the limit is
        // enough to tell "too long" (the MP3's length is checked below).
        ...['-map', '0:a:0', '-vn', '-ac', '1', '-codec:a', 'libmp3lame', '-b:a', '64k'],
        ...['-t', String((LONGEST_MS + 1000) / 1000), '-f', 'mp3', output],
      ],
      { timeout: TRANSCODE_TIMEOUT_MS },
    );
  } catch {
    throw new VoiceRefusal('type');
  }
}

function isAudioContainer(formatName: string): boolean {
  return formatName.split(',').some((name) => AUDIO_CONTAINERS.has(name.trim()));
}

/** The recording as a checked MP3 with its length, or a VoiceRefusal saying why not. */
export async function checkVoice(bytes: Buffer): Promise<CheckedVoice> {
  if (!(await mediaToolsAvailable())) throw new VoiceRefusal('unavailable');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-voice-'));
  try {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'voice.mp3');
    await fs.writeFile(input, bytes);
    let probe;
    try {
      probe = await probeMedia(input);
    } catch (error) {
      if (error instanceof MediaError) throw new VoiceRefusal('type');
      throw error;
    }
    if (probe.videoCodec || !probe.audioCodec || !isAudioContainer(probe.container))
      throw new VoiceRefusal('type');
    // A container that states its length is refused before any encoding.
    if (probe.duration > LONGEST_MS) throw new VoiceRefusal('long');
    await transcode(input, output);
    const mp3 = await fs.readFile(output);
    let durationMs: number;
    try {
      durationMs = (await probeMedia(output)).duration;
    } catch {
      throw new VoiceRefusal('type');
    }
    if (durationMs > LONGEST_MS) throw new VoiceRefusal('long');
    if (durationMs < POSTCARD_LIMITS.minVoiceMs) throw new VoiceRefusal('short');
    return { mp3, durationMs };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
