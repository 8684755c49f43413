// Audio and video facts with Debian's ffprobe, and audio to mp3 with ffmpeg (installed by
// scripts/ensure-system.sh). Both run on a local file, with a time limit, and never on a shell.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PROBE_TIMEOUT_MS = 30_000;
const TRANSCODE_TIMEOUT_MS = 120_000;

export interface MediaInfo {
  /** Milliseconds, rounded. */
  duration: number;
  width: number;
  height: number;
  videoCodec: string | null;
  audioCodec: string | null;
  container: string;
  size: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

export class MediaError extends Error {}

export async function probeMedia(file: string): Promise<MediaInfo> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
    ));
  } catch {
    throw new MediaError('the file is not audio or video that can be read');
  }
  const probe = JSON.parse(stdout) as {
    streams?: ProbeStream[];
    format?: { format_name?: string; duration?: string; size?: string };
  };
  const streams = probe.streams ?? [];
  // Cover art in an mp3 shows as a one-frame video stream; a real video has a duration of its own.
  const video = streams.find(
    (s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg' && s.codec_name !== 'png',
  );
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) throw new MediaError('the file has no audio or video stream');
  return {
    duration: Math.round(Number(probe.format?.duration ?? 0) * 1000),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    container: probe.format?.format_name ?? 'unknown',
    size: Number(probe.format?.size ?? 0),
  };
}

/** Converts the audio of `input` to an mp3 file at `output`. */
export async function transcodeToMp3(input: string, output: string): Promise<void> {
  try {
    await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-y',
        '-i',
        input,
        '-vn',
        '-codec:a',
        'libmp3lame',
        '-q:a',
        '4',
        '-f',
        'mp3',
        output,
      ],
      { timeout: TRANSCODE_TIMEOUT_MS },
    );
  } catch {
    throw new MediaError('the file has no audio that can be converted to mp3');
  }
}
