// Which file the caller means (spec section 5: exactly one of dataURL, blob, fileInput, filePath,
// wxFilePath or fileObject), read as a Blob and checked against the upload's type and size.
import { FILE_LIMITS, ImError } from '@morsel/protocol';

export const FILE_TYPES = ['image', 'audio', 'video', 'file'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export interface FileSourceOptions {
  type?: FileType;
  dataURL?: string;
  blob?: Blob;
  /** An <input type="file"> element, or its id. */
  fileInput?: { files?: ArrayLike<Blob> | null } | string;
  /** A local path (Node). */
  filePath?: string;
  /** A WeChat mini-program temporary path: needs wx.uploadFile, which this SDK does not ship. */
  wxFilePath?: string;
  /** A File (or any Blob with a name). */
  fileObject?: Blob;
  /** Largest size the caller accepts, in bytes (at most 100 MB). */
  maxSize?: number;
}

export interface FileSource {
  blob: Blob;
  name: string;
  ext: string;
}

const SOURCES = ['dataURL', 'blob', 'fileInput', 'filePath', 'wxFilePath', 'fileObject'] as const;
export const ONE_SOURCE_RULE =
  'exactly one of dataURL, blob, fileInput, filePath, wxFilePath or fileObject is required';

const EXT_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

function extOf(name: string, mime: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1).toLowerCase() : (EXT_BY_MIME[mime] ?? '');
  return /^[a-z0-9]{1,16}$/.test(ext) ? ext : '';
}

function dataUrlToBlob(dataURL: string): Blob {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataURL);
  if (!match) throw new ImError('Param_Error', 'dataURL must be a data: URL');
  const [, mime, base64, body] = match;
  const bytes = base64
    ? Uint8Array.from(atob(body!), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(body!));
  return new Blob([bytes], { type: mime || 'application/octet-stream' });
}

async function readPath(filePath: string): Promise<Blob> {
  const nodeVersion = (globalThis as { process?: { versions?: { node?: string } } }).process
    ?.versions?.node;
  if (!nodeVersion) throw new ImError('Not_Support', 'filePath is read only under Node');
  const fsName = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsName)) as {
    readFile(path: string): Promise<Uint8Array>;
  };
  return new Blob([new Uint8Array(await fs.readFile(filePath))]);
}

function fileOfInput(input: FileSourceOptions['fileInput']): Blob | undefined {
  const element =
    typeof input === 'string'
      ? (
          globalThis as { document?: { getElementById(id: string): unknown } }
        ).document?.getElementById(input)
      : input;
  const files = (element as { files?: ArrayLike<Blob> | null } | undefined)?.files;
  return files && files.length ? files[0] : undefined;
}

/** The name a file is shown by: its own name without the folders of a path ('' when it has none). */
export function shownName(source: { name: string }): string {
  return source.name.split(/[\\/]/).pop() ?? '';
}

/** The caller's file, or the spec's error: No_File_Selected, Wrong_File_Type, File_Too_Large. */
export async function resolveFileSource(options: FileSourceOptions): Promise<FileSource> {
  const type = options.type ?? 'file';
  const given = SOURCES.filter((key) => options[key] !== undefined);
  if (given.length === 0) throw new ImError('No_File_Selected', `please choose ${type} file`);
  if (given.length > 1) throw new ImError('Param_Error', ONE_SOURCE_RULE);
  let blob: Blob | undefined;
  let name = '';
  if (options.dataURL !== undefined) blob = dataUrlToBlob(options.dataURL);
  else if (options.blob) blob = options.blob;
  else if (options.fileObject) blob = options.fileObject;
  else if (options.fileInput !== undefined) blob = fileOfInput(options.fileInput);
  else if (options.filePath !== undefined) {
    blob = await readPath(options.filePath);
    name = options.filePath;
  } else
    throw new ImError('Not_Support', 'wxFilePath uploads need the WeChat mini-program runtime');
  if (!blob || blob.size === 0) throw new ImError('No_File_Selected', `please choose ${type} file`);
  name ||= (blob as Blob & { name?: string }).name ?? '';
  const ext = extOf(name, blob.type);
  if (type !== 'file') {
    const byMime = blob.type.startsWith(`${type}/`);
    const byExt =
      !blob.type &&
      new Set(
        Object.entries(EXT_BY_MIME)
          .filter(([m]) => m.startsWith(`${type}/`))
          .map(([, e]) => e),
      ).has(ext);
    if (!byMime && !byExt) throw new ImError('Wrong_File_Type', `please choose ${type} file`);
  }
  const max = Math.min(options.maxSize ?? FILE_LIMITS.maxBytes, FILE_LIMITS.maxBytes);
  if (blob.size > max) throw new ImError('File_Too_Large', `the file is larger than ${max} bytes`);
  return { blob, name, ext };
}
