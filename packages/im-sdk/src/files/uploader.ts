// Uploads from the client: a grant over the IM link (getNosToken), then the upload address the
// load balancer named: one multipart POST for a small file, 4 MB chunks for a larger one, each
// chunk acknowledged with the next offset, resumed from the server's offset after a failure.
// No time-out on the upload itself (spec section 9); errors read 'code(message)'.
// The NIM facade reaches it through the files manager (files-manager.ts).
import {
  checkImageOps,
  FILE_LIMITS,
  ImageOpError,
  ImError,
  UPLOAD_WIRE,
  uploadErrorText,
  type CommandName,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import {
  resolveFileSource,
  shownName,
  type FileSourceOptions,
  type FileType,
} from './file-source.ts';

export interface FileContext {
  send<N extends CommandName>(command: N, params: RequestOf<N>): Promise<ReplyOf<N>>;
  fetch: typeof fetch;
  /** The upload address from the load balancer's answer (its `upload` list). */
  uploadAddress(): string | undefined;
}

export interface UploadProgress {
  total: number;
  loaded: number;
  percentage: number;
  percentageText: string;
}

export interface UploadedFile {
  url: string;
  safeUrl?: string;
  name: string;
  size: number;
  md5: string;
  ext: string;
  w?: number;
  h?: number;
  dur?: number;
}

export interface UploadOptions extends FileSourceOptions {
  type?: FileType;
  /** Seconds the server keeps the file: at least 86400, absent for ever. */
  nosSurvivalTime?: number;
  /** The file's md5 (hex), when the caller knows it: a file already stored is not sent again. */
  md5?: string;
  onuploadprogress?(progress: UploadProgress): void;
  /** Called once the upload starts, with a way to stop it. */
  onbeginupload?(upload: { abort(): void }): void;
  /** Attempts per chunk before the upload fails (default 5). */
  retries?: number;
}

interface ChunkAnswer {
  offset?: number;
  context?: string;
  code?: number;
  message?: string;
}

const progressOf = (loaded: number, total: number): UploadProgress => {
  const percentage = total ? Math.floor((loaded / total) * 100) : 100;
  return { total, loaded, percentage, percentageText: `${percentage}%` };
};

/** The answer's error as the user sees it: 'code(message)'. */
function uploadError(code: number | string | undefined, message: string | undefined): ImError {
  return new ImError(
    typeof code === 'number' ? code : 'Error_Unknown',
    uploadErrorText(code, message),
  );
}

export class FileUploader {
  constructor(private readonly context: FileContext) {}

  async getNosToken(options: { type?: FileType; ext?: string; nosSurvivalTime?: number } = {}) {
    const { nosToken } = await this.context.send('getNosToken', {
      ...(options.type && { type: options.type }),
      ...(options.ext && { ext: options.ext }),
      ...(options.nosSurvivalTime !== undefined && { nosSurvivalTime: options.nosSurvivalTime }),
    });
    return nosToken;
  }

  /** Uploads without sending a message (NIM's previewFile). */
  async previewFile(options: UploadOptions): Promise<UploadedFile> {
    const source = await resolveFileSource(options);
    if (options.md5) {
      const known = await this.context
        .send('fileQuickTransfer', { md5: options.md5, size: source.blob.size })
        .catch(() => undefined);
      if (known) {
        options.onuploadprogress?.(progressOf(source.blob.size, source.blob.size));
        const name = shownName(source) || known.url.slice(known.url.lastIndexOf('/') + 1);
        return { url: known.url, name, size: known.size, md5: known.md5, ext: source.ext };
      }
    }
    this.address();
    const token = await this.getNosToken({
      type: options.type,
      ext: source.ext || undefined,
      nosSurvivalTime: options.nosSurvivalTime,
    });
    const uploaded = await this.uploadWithToken(source, token, options);
    // The storage names the object by its own key; the message shows the file as it was chosen.
    return { ...uploaded, name: shownName(source) || uploaded.name };
  }

  private address(): string {
    const address = this.context.uploadAddress();
    if (!address) throw new ImError('Not_Support', 'the load balancer named no upload address');
    return address;
  }

  /** Sends the file's bytes under a grant already held (a document's transcoding grant). */
  async uploadWithToken(
    source: { blob: Blob },
    token: Upload['token'],
    options: UploadOptions,
  ): Promise<UploadedFile> {
    const address = this.address();
    const abort = new AbortController();
    options.onbeginupload?.({ abort: () => abort.abort() });
    const upload = { address, token, blob: source.blob, signal: abort.signal, options };
    return source.blob.size <= FILE_LIMITS.chunkBytes ? this.simple(upload) : this.chunked(upload);
  }

  private async simple(u: Upload): Promise<UploadedFile> {
    const form = new FormData();
    form.set(UPLOAD_WIRE.objectField, u.token.objectName);
    form.set(UPLOAD_WIRE.tokenField, u.token.token);
    form.set(UPLOAD_WIRE.fileField, u.blob, u.token.objectName);
    const response = await this.post(u, u.address, { method: 'POST', body: form });
    const body = (await response.json().catch(() => ({}))) as UploadedFile & ChunkAnswer;
    if (!response.ok) throw uploadError(body.code ?? response.status, body.message);
    u.options.onuploadprogress?.(progressOf(u.blob.size, u.blob.size));
    return body;
  }

  private async chunked(u: Upload): Promise<UploadedFile> {
    const base = `${u.address}/${u.token.bucket}/${u.token.objectName}`;
    const headers = { [UPLOAD_WIRE.tokenHeader]: u.token.token };
    const total = u.blob.size;
    const retries = u.options.retries ?? 5;
    let offset = 0;
    let context: string | undefined;
    let failures = 0;
    while (true) {
      const end = Math.min(offset + FILE_LIMITS.chunkBytes, total);
      const query = new URLSearchParams({
        offset: String(offset),
        complete: String(end === total),
        version: '1.0',
        ...(context && { context }),
      });
      let answer: ChunkAnswer & Partial<UploadedFile>;
      let status: number;
      try {
        const response = await this.post(u, `${base}?${query}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          body: u.blob.slice(offset, end),
        });
        status = response.status;
        answer = (await response.json().catch(() => ({}))) as typeof answer;
      } catch (error) {
        if (u.signal.aborted) throw error;
        status = 0;
        answer = {};
      }
      if (status === 200 && answer.offset !== undefined) {
        failures = 0;
        context = answer.context;
        offset = answer.offset;
        u.options.onuploadprogress?.(progressOf(offset, total));
        if (end === total) return answer as UploadedFile;
        continue;
      }
      // A refusal that retrying cannot cure ends the upload at once.
      if (status >= 400 && status !== 409 && status < 500)
        throw uploadError(answer.code ?? status, answer.message);
      if (++failures > retries)
        throw uploadError(answer.code ?? status, answer.message ?? 'the upload kept failing');
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * 2 ** failures, 5000)));
      if (context) offset = (await this.resumeOffset(u, base, headers, context)) ?? offset;
    }
  }

  /** Where the server says a broken chunked upload goes on. */
  private async resumeOffset(
    u: Upload,
    base: string,
    headers: Record<string, string>,
    context: string,
  ): Promise<number | undefined> {
    try {
      const response = await this.post(
        u,
        `${base}?uploadContext&context=${encodeURIComponent(context)}&version=1.0`,
        { headers },
      );
      if (!response.ok) return undefined;
      return ((await response.json()) as ChunkAnswer).offset;
    } catch {
      return undefined;
    }
  }

  private post(u: Upload, url: string, init: RequestInit): Promise<Response> {
    return this.context.fetch(url, { ...init, signal: u.signal }).catch((error: unknown) => {
      if (u.signal.aborted)
        throw new ImError(
          'Operation_Canceled',
          uploadErrorText('Operation_Canceled', 'the upload was aborted'),
        );
      throw error;
    });
  }

  /** The URL of `url` after image operations, made on the server (processImage 6:6). */
  async processImage(options: { url: string; ops: Record<string, unknown>[] }): Promise<string> {
    try {
      checkImageOps(options.ops);
    } catch (error) {
      if (error instanceof ImageOpError) throw new ImError('Param_Error', error.message);
      throw error;
    }
    const { url } = await this.context.send('processImage', {
      url: options.url,
      imageOps: options.ops,
    });
    return url;
  }
}

interface Upload {
  address: string;
  token: { bucket: string; objectName: string; token: string };
  blob: Blob;
  signal: AbortSignal;
  options: UploadOptions;
}
