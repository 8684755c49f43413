// The SDK's files module (issue #18). The NIM facade reaches it through FilesManager
// (files-manager.ts); FileUploader stays usable on its own (a bench, a tool) with any context
// that sends commands and names the upload address.
export {
  FileUploader,
  type FileContext,
  type UploadOptions,
  type UploadedFile,
  type UploadProgress,
} from './uploader.ts';
export {
  resolveFileSource,
  ONE_SOURCE_RULE,
  FILE_TYPES,
  type FileType,
  type FileSourceOptions,
} from './file-source.ts';
export * from './image-urls.ts';
export {
  FilesManager,
  type PreviewFileOptions,
  type SendFileOptions,
  type UploadCallbacks,
} from './files-manager.ts';
export { filterClientAntispam, type AntispamResult } from './antispam.ts';
export type { DocumentOptions } from './documents.ts';
