// The SDK's files module (issue #18), standalone until the NIM facade wires it in:
//   const files = new FileUploader({
//     send: (command, params) => nim.sendCmd(command, params),
//     fetch: globalThis.fetch,
//     uploadAddress: () => <the `upload[0]` of the load balancer's answer>,
//   });
// and exposes previewFile, getNosToken, processImage and the viewImage* helpers under NIM's names;
// sendFile = previewFile, then the file message with { url, name, size, md5, ext, w, h, dur }.
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
