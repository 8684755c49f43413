// Recording a voice message with the browser's MediaRecorder: hold to talk, release to send.
// The recording's container is whatever the browser makes (webm/opus in Chromium, mp4/aac in
// Safari); the file service probes its length, and serves an mp3 copy for players that cannot
// read the original (docs/im-files.md).

/** Shorter than this is a slip of the finger, not a message (as a mature chat says: 说话时间太短). */
export const MIN_VOICE_MS = 1000;
/** A voice message stops by itself after a minute. */
export const MAX_VOICE_MS = 60_000;

export interface Recording {
  file: File;
  durationMs: number;
}

/** The file name a recording gets from its type (the server keys the content type on it). */
export function voiceFileName(mimeType: string): string {
  if (mimeType.includes('mp4') || mimeType.includes('aac')) return 'voice.m4a';
  if (mimeType.includes('ogg')) return 'voice.ogg';
  return 'voice.webm';
}

export class VoiceRecorder {
  private recorder: MediaRecorder | undefined;
  private stream: MediaStream | undefined;
  private chunks: Blob[] = [];
  private startedAt = 0;
  private limit: ReturnType<typeof setTimeout> | undefined;
  private finished: ((recording: Recording | undefined) => void) | undefined;

  static supported(): boolean {
    return typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
  }

  /** Starts recording; resolves once the microphone is on (rejects when it is refused). */
  async start(onLimit: () => void): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    this.chunks = [];
    this.recorder = new MediaRecorder(this.stream);
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    this.recorder.onstop = () => {
      const durationMs = performance.now() - this.startedAt;
      const type = this.recorder?.mimeType || 'audio/webm';
      this.release();
      const blob = new Blob(this.chunks, { type });
      this.finished?.(
        durationMs < MIN_VOICE_MS || blob.size === 0
          ? undefined
          : { file: new File([blob], voiceFileName(type), { type }), durationMs },
      );
    };
    this.recorder.start();
    this.startedAt = performance.now();
    this.limit = setTimeout(onLimit, MAX_VOICE_MS);
  }

  /** Stops; resolves with the recording, or undefined when it was too short. */
  stop(): Promise<Recording | undefined> {
    clearTimeout(this.limit);
    if (!this.recorder || this.recorder.state === 'inactive') {
      this.release();
      return Promise.resolve(undefined);
    }
    return new Promise((resolve) => {
      this.finished = resolve;
      this.recorder!.stop();
    });
  }

  private release(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = undefined;
  }
}
