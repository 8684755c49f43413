// Uploads, storage and media of service misc (6): NOS tokens, quick transfer, image and audio
// processing, the file list and safe short URLs. Handlers: apps/server/src/im/files (docs/im-files.md);
// the document commands (getNosTokenTrans's transcoding, fetchFile*, removeFile) and audioToText
// still answer Not_Support.
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
    request: Params({ url: Type.String({ minLength: 1 }) }),
  }),
  processImage: command(6, 6, 'processImage', {
    request: Params({
      url: Type.String({ minLength: 1, maxLength: 2048 }),
      imageOps: Type.Array(AnyMap, { minItems: 1, maxItems: 10 }),
    }),
    reply: Params({ url: Type.String() }),
  }),
  getNosTokenTrans: command(6, 7, 'getNosTokenTrans', { request: Params({ type: Type.String() }) }),
  fetchFile: command(6, 9, 'fetchFile', { request: Params({ docId: Id }) }),
  fetchFileList: command(6, 10, 'fetchFileList', {
    request: Params({
      fileListParam: Params({
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
        fromDocId: Type.Optional(Id),
      }),
    }),
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
