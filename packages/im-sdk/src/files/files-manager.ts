// Files on the NIM facade (spec sections 5, 7 and 9; docs/im-files.md): uploads through the
// FileUploader on the load balancer's upload address, file messages (sendFile uploads first when
// given a file instead of an uploaded one), image operations and their URL helpers, documents
// transcoded to pages, access tokens, the client anti-spam lexicon and audioToText.
import { ImError, type ReplyOf } from '@morsel/protocol';
import type { Send } from '../context.ts';
import type { MessagesManager } from '../messages/messages-manager.ts';
import { withDone, type Done } from '../util/done.ts';
import type { FileType } from './file-source.ts';
import * as imageUrls from './image-urls.ts';
import { FileUploader, type UploadedFile, type UploadOptions } from './uploader.ts';
import { filterClientAntispam, type AntispamResult } from './antispam.ts';
import { DocumentUploader, type DocumentOptions } from './documents.ts';

export interface FilesContext {
  send: Send;
  fetch: typeof fetch;
  uploadAddress(): string | undefined;
}

/** What the files manager needs of the messages: sending a message of a file already uploaded. */
export type FileMessages = Pick<MessagesManager, 'sendFileMsg'>;
export type FileMsgOptions = Parameters<MessagesManager['sendFileMsg']>[0];

/** NIM's names for the upload callbacks, beside the uploader's own (onuploadprogress...). */
export interface UploadCallbacks {
  uploadprogress?: UploadOptions['onuploadprogress'];
  beginupload?: UploadOptions['onbeginupload'];
  /** Called once the file is uploaded (or failed), before the message is sent. */
  uploaddone?(error: unknown, file?: UploadedFile): void;
}

export type PreviewFileOptions = UploadOptions & UploadCallbacks & { done?: Done<UploadedFile> };
export type SendFileOptions = Omit<FileMsgOptions, 'file'> &
  UploadOptions &
  UploadCallbacks & {
    /** A file already uploaded (previewFile's result): sent without uploading again. */
    file?: FileMsgOptions['file'] & { safeUrl?: string };
  };

const SOURCE_KEYS = [
  'dataURL',
  'blob',
  'fileInput',
  'filePath',
  'wxFilePath',
  'fileObject',
  'md5',
  'maxSize',
  'nosSurvivalTime',
  'retries',
  'onuploadprogress',
  'onbeginupload',
  'uploadprogress',
  'beginupload',
  'uploaddone',
] as const;

/** The uploader's options from NIM's: `uploadprogress` and `beginupload` are the same callbacks. */
function uploadOptions(options: UploadOptions & UploadCallbacks): UploadOptions {
  const onuploadprogress = options.onuploadprogress ?? options.uploadprogress;
  const onbeginupload = options.onbeginupload ?? options.beginupload;
  return {
    ...options,
    ...(onuploadprogress && { onuploadprogress }),
    ...(onbeginupload && { onbeginupload }),
  };
}

/** The fields of an upload's answer a file message carries (the message schema takes no others). */
function messageFile(file: UploadedFile): FileMsgOptions['file'] {
  return {
    url: file.url,
    name: file.name,
    ext: file.ext || 'bin',
    size: file.size,
    md5: file.md5,
    ...(file.w !== undefined && { w: file.w }),
    ...(file.h !== undefined && { h: file.h }),
    ...(file.dur !== undefined && { dur: file.dur }),
  };
}

export class FilesManager {
  private readonly uploader: FileUploader;
  private readonly documents: DocumentUploader;

  constructor(
    private readonly context: FilesContext,
    private readonly messages: FileMessages,
  ) {
    this.uploader = new FileUploader(context);
    this.documents = new DocumentUploader(context);
  }

  /** Uploads a file without sending a message; answers its URL, name, size, md5 and media size. */
  previewFile(options: PreviewFileOptions) {
    return withDone(this.upload(options), options.done);
  }

  /**
   * A file message: `file` when already uploaded, else exactly one file source, uploaded first
   * (progress, abort and `uploaddone` as in previewFile); then sent like any message.
   */
  sendFile(options: SendFileOptions) {
    const work = async () => {
      // previewFile's answer may be passed back as it came: its safeUrl is no message field.
      const given = options.file && { ...(options.file as UploadedFile) };
      if (given) delete given.safeUrl;
      // A file uploaded without a name or known type has no extension; messages need one.
      if (given?.ext === '') given.ext = 'bin';
      const file = given ?? messageFile(await this.upload(options));
      const rest: Record<string, unknown> = { ...options };
      for (const key of SOURCE_KEYS) delete rest[key];
      delete rest.done;
      return this.messages.sendFileMsg({
        ...(rest as Omit<FileMsgOptions, 'file' | 'done'>),
        file,
      });
    };
    return withDone(work(), options.done);
  }

  private async upload(options: UploadOptions & UploadCallbacks): Promise<UploadedFile> {
    try {
      const file = await this.uploader.previewFile(uploadOptions(options));
      options.uploaddone?.(null, file);
      return file;
    } catch (error) {
      options.uploaddone?.(error);
      throw error;
    }
  }

  /** An upload grant for one file (bucket, objectName, token, url, expireAt). */
  getNosToken(
    options: {
      type?: FileType;
      ext?: string;
      nosSurvivalTime?: number;
      done?: Done<ReplyOf<'getNosToken'>['nosToken']>;
    } = {},
  ) {
    return withDone(this.uploader.getNosToken(options), options.done);
  }

  /** The URL of the picture after the operations, made by the server (checked here first). */
  processImage(options: {
    url: string;
    ops: Record<string, unknown>[];
    done?: Done<{ url: string }>;
  }) {
    return withDone(
      this.uploader.processImage(options).then((url) => ({ url })),
      options.done,
    );
  }

  viewImageStripMeta(options: Parameters<typeof imageUrls.viewImageStripMeta>[0]) {
    return imageUrls.viewImageStripMeta(options);
  }
  viewImageQuality(options: Parameters<typeof imageUrls.viewImageQuality>[0]) {
    return imageUrls.viewImageQuality(options);
  }
  viewImageInterlace(options: Parameters<typeof imageUrls.viewImageInterlace>[0]) {
    return imageUrls.viewImageInterlace(options);
  }
  viewImageRotate(options: Parameters<typeof imageUrls.viewImageRotate>[0]) {
    return imageUrls.viewImageRotate(options);
  }
  viewImageBlur(options: Parameters<typeof imageUrls.viewImageBlur>[0]) {
    return imageUrls.viewImageBlur(options);
  }
  viewImageCrop(options: Parameters<typeof imageUrls.viewImageCrop>[0]) {
    return imageUrls.viewImageCrop(options);
  }
  viewImageThumbnail(options: Parameters<typeof imageUrls.viewImageThumbnail>[0]) {
    return imageUrls.viewImageThumbnail(options);
  }

  // Documents -----------------------------------------------------------------------------------

  /**
   * Uploads a ppt, pptx or pdf to be transcoded to page pictures; answers its docId at once (the
   * pages come later: fetchFile shows the state).
   */
  transDoc(options: DocumentOptions & UploadCallbacks & { done?: Done<{ docId: string }> }) {
    return withDone(this.documents.upload(uploadOptions(options)), options.done);
  }

  /** One document of this account: name, state, page count and the page picture URLs. */
  fetchFile(options: { docId: string; done?: Done<ReplyOf<'fetchFile'>> }) {
    return withDone(this.context.send('fetchFile', { docId: options.docId }), options.done);
  }

  /** This account's documents, newest first: `limit` (default 10, at most 30) after `fromDocId`. */
  fetchFileList(
    options: { limit?: number; fromDocId?: string; done?: Done<ReplyOf<'fetchFileList'>> } = {},
  ) {
    const fileListParam = {
      ...(options.limit !== undefined && { limit: options.limit }),
      ...(options.fromDocId && { fromDocId: options.fromDocId }),
    };
    return withDone(this.context.send('fetchFileList', { fileListParam }), options.done);
  }

  /** Deletes one of this account's documents with its pages. */
  removeFile(options: { docId: string; done?: Done<void> }) {
    return withDone(
      this.context.send('removeFile', { docId: options.docId }).then(() => undefined),
      options.done,
    );
  }

  // Access tokens, anti-spam, speech --------------------------------------------------------------

  /** A download token for a file this account uploaded: the answered url carries it. */
  getNosAccessToken(options: { url: string; done?: Done<ReplyOf<'getNosAccessToken'>> }) {
    return withDone(this.context.send('getNosAccessToken', { url: options.url }), options.done);
  }

  /** Withdraws an access token: the url carrying it no longer opens the file. */
  deleteNosAccessToken(options: { token: string; done?: Done<void> }) {
    return withDone(
      this.context.send('deleteNosAccessToken', { token: options.token }).then(() => undefined),
      options.done,
    );
  }

  /**
   * Checks text against the app's client anti-spam lexicon (fetched from the server): 404 when
   * there is no text or no lexicon, 500 when the lexicon cannot be read, else 200 with type 0
   * (clean), 1 (words replaced: `result`), 2 (reject it) or 3 (send it for the server to judge).
   */
  getClientAntispam(options: { content: string; done?: Done<AntispamResult> }) {
    const work = async (): Promise<AntispamResult> => {
      if (!options.content) return { code: 404, type: 0, result: '', errmsg: 'no text' };
      const { thesaurus } = await this.context.send('getClientAntispam', {});
      return filterClientAntispam(options.content, thesaurus);
    };
    return withDone(work(), options.done);
  }

  /** Speech to text of a voice message: no offline engine ships with the server (Not_Support). */
  audioToText(options: { url: string; done?: Done<{ text: string }> }) {
    const work = async () => {
      if (!options.url) throw new ImError('Param_Error', 'url is required');
      return this.context.send('audioToText', { url: options.url });
    };
    return withDone(work(), options.done);
  }
}
