// Content types by extension for the files the IM carries; anything else is served as bytes.
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  heic: 'image/heic',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  amr: 'audio/amr',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

export function mimeOf(objectName: string): string {
  const dot = objectName.lastIndexOf('.');
  return (dot >= 0 && TYPES[objectName.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/** The extension of a MIME type this server knows (the first listed), or undefined. */
export function extensionOfMime(mime: string): string | undefined {
  const wanted = mime.toLowerCase();
  return Object.keys(TYPES).find((ext) => TYPES[ext]!.split(';')[0] === wanted);
}
