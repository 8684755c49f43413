// Uploads, storage and media of service misc (6): NOS tokens, quick transfer, image and audio
// processing, the file list and safe short URLs. Handlers: apps/server/src/im/files (docs/im-files.md);
// documents (getNosTokenTrans, fetchFile, fetchFileList, removeFile) are transcoded to page pictures
// by the server (docs/im-files.md). audioToText answers Not_Support: no offline engine.
import { Type } from '@sinclair/typebox';
import { command, Params } from './define.ts';
import { AnyMap, Id } from './common.ts';
import { FILE_LIMITS } from '../file-limits.ts';

/** File extension as the client names it: letters and digits only, so object names stay plain. */
const Ext = Type.String({ pattern: '^[A-Za-z0-9]{1,16}$' });

/** One upload grant: the object it names and the token that may write it (once). */
export const NosToken = Type.Object({
  bucket: Type.String(),
  objectName: Type.String(),
  token: Type.String(),
  /** Where the file will be readable once uploaded. */
  url: Type.String(),
  expireAt: Type.Integer(),
});

export { DOCUMENT_EXTS, DOCUMENT_FORMAT_RULE } from './vocabulary.ts';

/** A document and its transcoding: pages are picture URLs, in order, once `state` is done. */
export const DocFile = Type.Object({
  docId: Type.String(),
  name: Type.String(),
  ext: Type.String(),
  /** uploading (no file yet), transcoding, done, failed. */
  state: Type.Union(['uploading', 'transcoding', 'done', 'failed'].map((s) => Type.Literal(s))),
  /** The uploaded document's URL (absent while uploading). */
  url: Type.Optional(Type.String()),
  size: Type.Optional(Type.Integer()),
  pageCount: Type.Integer(),
  pages: Type.Array(Type.String()),
  /** Why transcoding failed. */
  error: Type.Optional(Type.String()),
  createTime: Type.Integer(),
});

export const filesCommands = {
  getSimpleNosToken: command(6, 1, 'getSimpleNosToken', {
    request: Params({ num: Type.Integer({ minimum: 1, maximum: 100 }) }),
    reply: Params({ nosTokens: Type.Array(NosToken) }),
  }),
  getNosToken: command(6, 2, 'getNosToken', {
    request: Params({
      type: Type.Optional(
        Type.Union(['image', 'audio', 'video', 'file'].map((t) => Type.Literal(t))),
      ),
      ext: Type.Optional(Ext),
      /** Seconds the file is kept: at least 86400, or absent (or 0) for ever. */
      nosSurvivalTime: Type.Optional(
        Type.Integer({ minimum: 0, maximum: FILE_LIMITS.maxSurvivalSeconds }),
      ),
    }),
    reply: Params({ nosToken: NosToken }),
  }),
  audioToText: command(6, 5, 'audioToText', {
    request: Params({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
    reply: Params({ text: Type.String() }),
  }),
  processImage: command(6, 6, 'processImage', {
    request: Params({
      url: Type.String({ minLength: 1, maxLength: 2048 }),
      imageOps: Type.Array(AnyMap, { minItems: 1, maxItems: 10 }),
    }),
    reply: Params({ url: Type.String() }),
  }),
  /** An upload grant for a document (`type` its extension) and the docId its pages will have. */
  getNosTokenTrans: command(6, 7, 'getNosTokenTrans', {
    request: Params({
      type: Type.String({ minLength: 1, maxLength: 16 }),
      name: Type.Optional(Type.String({ maxLength: 256 })),
    }),
    reply: Params({ nosToken: NosToken, docId: Type.String() }),
  }),
  fetchFile: command(6, 9, 'fetchFile', {
    request: Params({ docId: Id }),
    reply: Params({ file: DocFile }),
  }),
  /** This account's documents, newest first: default 10, at most 30, after `fromDocId`. */
  fetchFileList: command(6, 10, 'fetchFileList', {
    request: Params({
      fileListParam: Params({
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
        fromDocId: Type.Optional(Id),
      }),
    }),
    reply: Params({ list: Type.Array(DocFile), totalCount: Type.Integer() }),
  }),
  removeFile: command(6, 11, 'removeFile', { request: Params({ docId: Id }) }),
  /** A file this account may reuse by content: answers its URL, or 404 when none is stored. */
  fileQuickTransfer: command(6, 18, 'fileQuickTransfer', {
    request: Params({
      md5: Type.String({ pattern: '^[0-9a-fA-F]{32}$' }),
      size: Type.Integer({ minimum: 0, maximum: FILE_LIMITS.maxBytes }),
    }),
    reply: Params({ url: Type.String(), size: Type.Integer(), md5: Type.String() }),
  }),
  /** The original URL behind a safe short URL (document 2: starts with http, contains im_url=1). */
  getOriginUrl: command(6, 22, 'getOriginUrl', {
    request: Params({ safeUrl: Type.String({ minLength: 1, maxLength: 2048 }) }),
    reply: Params({ url: Type.String({ minLength: 1 }) }),
  }),
  /** A download token for a file this account uploaded: the url with it works until deleted. */
  getNosAccessToken: command(6, 24, 'getNosAccessToken', {
    request: Params({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
    reply: Params({ token: Type.String(), url: Type.String() }),
  }),
  deleteNosAccessToken: command(6, 25, 'deleteNosAccessToken', {
    request: Params({ token: Type.String({ minLength: 1, maxLength: 128 }) }),
  }),
};
