// Upload limits and wire names shared by the server and the SDK's uploader (spec/messaging.md
// section 9: "Mobile SDK max upload / chunk: 100 MB / 4 MB", "Upload timeout 600000 ms").
export const FILE_LIMITS = {
  maxBytes: 100 * 1024 * 1024,
  chunkBytes: 4 * 1024 * 1024,
  uploadTimeoutMs: 600_000,
  /** nosSurvivalTime below this is refused; files live for ever unless it is set. */
  minSurvivalSeconds: 86_400,
  /** The longest nosSurvivalTime (100 years): any longer is "for ever", which 0 already says. */
  maxSurvivalSeconds: 100 * 365 * 86_400,
} as const;

export const UPLOAD_WIRE = {
  /** Header carrying the upload token on chunk requests (the "context token header"). */
  tokenHeader: 'x-nos-token',
  /** Form fields of a simple multipart upload. */
  objectField: 'Object',
  tokenField: 'x-nos-token',
  fileField: 'file',
  /** Query suffixes on a stored file's URL. */
  imageInfo: 'imageInfo',
  videoInfo: 'vinfo',
  audioToMp3: 'audioTrans',
} as const;

/** The upload error as users see it (spec section 8: 'code(message)', 'unknown(unknown error)'). */
export function uploadErrorText(code?: string | number, message?: string): string {
  return `${code ?? 'unknown'}(${message || 'unknown error'})`;
}
