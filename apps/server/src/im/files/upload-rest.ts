// NIM's msg/upload (base64 text in a form) and msg/fileUpload (a multipart part): an app's backend
// stores a file of up to 15 MB and gets its URL, through the same storage and rows as a client's
// upload. The files belong to the app (no account), so no account's daily quota counts them; the
// 15 MB limit holds for these two actions only (the scope's forms stay at 16 kB).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  REST_UPLOAD_MAX_BYTES,
  REST_UPLOAD_MIN_EXPIRE_SECONDS,
  type NimFormOf,
} from '@morsel/protocol/nim-rest';
import { NimError, nimAction, type NimActions } from '../rest/index.ts';
import type { FileService } from './file-service.ts';
import { extensionOfMime } from './mime.ts';

type UploadFields = Omit<NimFormOf<'msg/upload'>, 'content'>;

/** The base64 form's body at most: the text of 15 MB, URL-encoded ('+', '/' and '=' grow). */
const BASE64_BODY_LIMIT = Math.ceil(REST_UPLOAD_MAX_BYTES / 3) * 4 * 2;
/** The multipart body at most: the file and a few short fields. */
const MULTIPART_BODY_LIMIT = REST_UPLOAD_MAX_BYTES + 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function extensionOf(type: string | undefined): string {
  if (type === undefined) return '';
  if (!type.includes('/')) return type.toLowerCase();
  return extensionOfMime(type) ?? '';
}

/** The file server's actions; `files` is the files part, started after the server API's scope. */
export function uploadRestActions(files: () => FileService | undefined): NimActions {
  async function store(appKey: string, bytes: Buffer, fields: UploadFields, address: string) {
    const service = files();
    if (!service) throw new NimError(500, 'file storage is not ready');
    if (bytes.length === 0) throw new NimError(414, 'content is empty');
    if (bytes.length > REST_UPLOAD_MAX_BYTES)
      throw new NimError(414, `content is over ${REST_UPLOAD_MAX_BYTES} bytes`);
    let expiresAt: number | null = null;
    if (fields.expireSec !== undefined) {
      const seconds = Number(fields.expireSec);
      if (seconds < REST_UPLOAD_MIN_EXPIRE_SECONDS)
        throw new NimError(414, `expireSec must be at least ${REST_UPLOAD_MIN_EXPIRE_SECONDS}`);
      expiresAt = service.now() + seconds * 1000;
    }
    const stored = await service.storeBytes(
      { appKey, accid: '', address },
      bytes,
      extensionOf(fields.type),
      expiresAt,
    );
    return { url: stored.url };
  }

  return (scope: FastifyInstance, appKeyOf) => {
    nimAction(
      scope,
      appKeyOf,
      'msg/upload',
      async ({ appKey, form, request }) => {
        const { content, ...fields } = form;
        if (content.length % 4 !== 0 || !BASE64.test(content))
          throw new NimError(414, 'content must be base64');
        return store(appKey, Buffer.from(content, 'base64'), fields, request.ip);
      },
      { bodyLimit: BASE64_BODY_LIMIT },
    );

    // Multipart bodies only for this action: its fields and its one file become the form.
    void scope.register(async (multipartScope) => {
      await multipartScope.register(multipart, {
        attachFieldsToBody: 'keyValues',
        limits: {
          fileSize: REST_UPLOAD_MAX_BYTES,
          files: 1,
          fields: 8,
          fieldSize: 1024,
          parts: 9,
        },
      });
      nimAction(
        multipartScope,
        appKeyOf,
        'msg/fileUpload',
        async ({ appKey, form, request }) => {
          const { content, ...fields } = form;
          return store(appKey, Buffer.from(content), fields, request.ip);
        },
        { bodyLimit: MULTIPART_BODY_LIMIT },
      );
    });
  };
}
