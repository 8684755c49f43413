// Uploads, storage and media of service misc (6): NOS tokens, quick transfer, image and audio
// processing, the file list and safe short URLs. Declared so the table is whole; their handlers
// land with the files issue and answer Not_Support until then.
import { Type } from '@sinclair/typebox';
import { command, Params } from './define.ts';
import { AnyMap, Id } from './common.ts';

export const filesCommands = {
  getSimpleNosToken: command(6, 1, 'getSimpleNosToken', {
    request: Params({ num: Type.Integer({ minimum: 1, maximum: 100 }) }),
  }),
  getNosToken: command(6, 2, 'getNosToken', {
    request: Params({ type: Type.Optional(Type.String()), ext: Type.Optional(Type.String()) }),
  }),
  audioToText: command(6, 5, 'audioToText', {
    request: Params({ url: Type.String({ minLength: 1 }) }),
  }),
  processImage: command(6, 6, 'processImage', {
    request: Params({ url: Type.String({ minLength: 1 }), imageOps: Type.Array(AnyMap) }),
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
  fileQuickTransfer: command(6, 18, 'fileQuickTransfer', {
    request: Params({
      md5: Type.String({ minLength: 32, maxLength: 32 }),
      size: Type.Integer({ minimum: 0 }),
    }),
  }),
  /** The original URL behind a safe short URL (document 2: starts with http, contains im_url=1). */
  getOriginUrl: command(6, 22, 'getOriginUrl', {
    request: Params({ safeUrl: Type.String({ minLength: 1, maxLength: 2048 }) }),
    reply: Params({ url: Type.String({ minLength: 1 }) }),
  }),
  getNosAccessToken: command(6, 24, 'getNosAccessToken', {
    request: Params({ url: Type.String({ minLength: 1 }) }),
  }),
  deleteNosAccessToken: command(6, 25, 'deleteNosAccessToken', {
    request: Params({ token: Type.String({ minLength: 1 }) }),
  }),
};
