// The upload address the load balancer advertises (lbs.ts UPLOAD_PATH), in NOS's two forms:
// - simple: multipart POST <upload> (or <upload>/<bucket>, as NIM's SDK posts), form fields Object
//   (object name) and x-nos-token before the file part;
// - chunked: POST <upload>/<bucket>/<object>?offset=&complete=&version=&context= with the token in
//   the x-nos-token header and at most 4 MB of raw bytes; the answer names the next offset. After
//   a dropped connection GET <upload>/<bucket>/<object>?uploadContext&context= says where to go on.
// Every request needs the grant (token bound to account and object); a grant is spent by its upload.
import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_LIMITS, UPLOAD_WIRE } from '@morsel/protocol';
import { UPLOAD_PATH } from '../gateway/index.ts';
import { clientAddress } from '../../product/index.ts';
import type { UploadGrant } from './file-store.ts';
import { BUCKET } from './file-urls.ts';
import { allowUploadOrigin, answerUploadPreflights } from './cross-origin.ts';
import { grantFor } from './grants.ts';
import { quotaRefusal, type UploadQuotas } from './quotas.ts';
import { UploadRefused, type FileService } from './file-service.ts';

const NO_GRANT = 'upload token missing, expired, spent or not for this object: ask getNosToken';

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ code: status, message });
}

/** Passes bytes on until `max`, then fails: an upload never grows past its limit on disk. */
function byteLimit(max: number, onOver: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) {
        onOver();
        done(new UploadRefused(413, `a chunk holds at most ${max} bytes`));
      } else done(null, chunk);
    },
  });
}

export async function registerUploadRoutes(
  http: FastifyInstance,
  service: FileService,
  quotas: UploadQuotas,
): Promise<void> {
  await fs.mkdir(service.stagingDir, { recursive: true });
  /** Chunked uploads being written in this process: one request per upload at a time. */
  const writing = new Set<string>();
  const chunkPath = `${UPLOAD_PATH}/:bucket/:object`;
  // NIM's browser build uploads from the app's own origin.
  answerUploadPreflights(http, [UPLOAD_PATH, `${UPLOAD_PATH}/:bucket`, chunkPath]);

  async function admitted(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: UploadGrant,
    bytes: number,
  ): Promise<boolean> {
    const refusal = await quotaRefusal(
      service.store,
      quotas,
      { appKey: grant.app_key, accid: grant.accid, address: clientAddress(request) },
      bytes,
      service.now(),
    );
    if (refusal) refuse(reply, 429, refusal);
    return !refusal;
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: UploadGrant,
    staged: string,
  ) {
    const { size } = await fs.stat(staged);
    if (!(await admitted(request, reply, grant, size))) return reply;
    try {
      return await service.finish(grant, staged, clientAddress(request));
    } catch (error) {
      if (error instanceof UploadRefused) return refuse(reply, error.status, error.message);
      throw error;
    }
  }

  // Simple uploads: one multipart request.
  await http.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => allowUploadOrigin(request, reply));
    await scope.register(multipart, {
      limits: { fileSize: FILE_LIMITS.maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 10 },
    });
    // NIM's SDK posts to the advertised address plus `/<bucket>` (NOS's form): the same upload.
    for (const path of [UPLOAD_PATH, `${UPLOAD_PATH}/:bucket`])
      scope.post<{ Params: { bucket?: string } }>(path, simpleUpload);
    async function simpleUpload(
      request: FastifyRequest<{ Params: { bucket?: string } }>,
      reply: FastifyReply,
    ) {
      if (request.params.bucket !== undefined && request.params.bucket !== BUCKET)
        return refuse(reply, 404, `no such bucket: uploads go to ${BUCKET}`);
      if (!request.isMultipart()) return refuse(reply, 415, 'send multipart/form-data');
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const grant = await grantFor(
          service.store,
          fields[UPLOAD_WIRE.tokenField],
          fields[UPLOAD_WIRE.objectField],
          service.now(),
        );
        if (!grant) {
          part.file.resume();
          return refuse(reply, 403, NO_GRANT);
        }
        const staged = service.newStagingName();
        try {
          await pipeline(part.file, createWriteStream(staged));
          if (part.file.truncated)
            return refuse(
              reply,
              413,
              `a file holds at most ${FILE_LIMITS.maxBytes} bytes (100 MB)`,
            );
          return await finish(request, reply, grant, staged);
        } finally {
          await fs.rm(staged, { force: true });
        }
      }
      return refuse(
        reply,
        400,
        `no file part: send the fields ${UPLOAD_WIRE.objectField} and ${UPLOAD_WIRE.tokenField}, then the file`,
      );
    }
  });

  // Chunked uploads: raw bodies streamed to a staging file, never parsed.
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.addHook('onRequest', async (request, reply) => allowUploadOrigin(request, reply));

    type ChunkRequest = FastifyRequest<{
      Params: { bucket: string; object: string };
      Querystring: Record<string, string | undefined>;
    }>;

    async function grantOf(request: ChunkRequest): Promise<UploadGrant | undefined> {
      if (request.params.bucket !== BUCKET) return undefined;
      const token = request.headers[UPLOAD_WIRE.tokenHeader];
      return grantFor(
        service.store,
        typeof token === 'string' ? token : undefined,
        request.params.object,
        service.now(),
      );
    }

    scope.get(chunkPath, async (request: ChunkRequest, reply) => {
      const grant = await grantOf(request);
      if (!grant) return refuse(reply, 403, NO_GRANT);
      if (!grant.context || request.query.context !== grant.context)
        return refuse(reply, 404, 'no upload under this context: start again at offset 0');
      return { context: grant.context, offset: grant.received };
    });

    // A refusal sent before the body was read: the client is still sending, so read (and drop) a
    // chunk's worth, or it sees a broken connection instead of the answer.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'POST' || request.raw.readableEnded || reply.statusCode < 400)
        return payload;
      const length = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && length <= FILE_LIMITS.chunkBytes) request.raw.resume();
      else reply.header('connection', 'close');
      return payload;
    });

    scope.post(chunkPath, async (request: ChunkRequest, reply) => {
      const grant = await grantOf(request);
      if (!grant) return refuse(reply, 403, NO_GRANT);
      const offset = Number(request.query.offset ?? 'NaN');
      const complete = request.query.complete === 'true';
      if (!Number.isInteger(offset) || offset < 0)
        return refuse(reply, 400, 'offset must be an integer of at least 0');
      if (offset > 0 && request.query.context !== grant.context)
        return refuse(
          reply,
          400,
          'context does not match this upload: resume with the context the first chunk answered',
        );
      if (offset !== (offset === 0 ? 0 : grant.received))
        return reply.code(409).send({
          code: 409,
          message: `the upload holds ${grant.received} bytes: send from there`,
          offset: grant.received,
          context: grant.context,
        });
      if (offset === 0 && !(await admitted(request, reply, grant, 0))) return reply;
      if (writing.has(grant.token_hash))
        return refuse(reply, 409, 'another chunk of this upload is still being received');
      writing.add(grant.token_hash);
      const staged = service.stagingPath(grant);
      try {
        // Bytes past the recorded offset are what a dropped request left: cut them off.
        const handle = await fs.open(staged, offset === 0 ? 'w' : 'r+');
        const { size } = await handle.stat();
        await handle.close();
        if (size < offset)
          return refuse(
            reply,
            409,
            'the staged upload is shorter than its offset: start again at offset 0',
          );
        await fs.truncate(staged, offset);
        const room = Math.min(FILE_LIMITS.chunkBytes, FILE_LIMITS.maxBytes - offset);
        let over = false;
        try {
          await pipeline(
            request.raw,
            byteLimit(room, () => (over = true)),
            createWriteStream(staged, { flags: 'a' }),
          );
        } catch (error) {
          // The client went away mid-chunk: what arrived is cut off by the next chunk or resume.
          if (request.raw.destroyed && !over) return refuse(reply, 400, 'the chunk was cut off');
          if (over)
            return refuse(
              reply,
              413,
              room < FILE_LIMITS.chunkBytes
                ? `a file holds at most ${FILE_LIMITS.maxBytes} bytes (100 MB)`
                : `a chunk holds at most ${FILE_LIMITS.chunkBytes} bytes (4 MB)`,
            );
          throw error;
        }
        const received = (await fs.stat(staged)).size;
        const context = grant.context ?? randomBytes(16).toString('base64url');
        if (
          !(await service.store.advanceChunks(grant.token_hash, context, grant.received, received))
        )
          return refuse(reply, 409, 'the upload moved on in another request: ask where to resume');
        if (!complete) return { context, offset: received };
        const result = await finish(request, reply, { ...grant, context, received }, staged);
        if (reply.sent) return reply;
        await fs.rm(staged, { force: true });
        return { context, offset: received, callbackRetMsg: JSON.stringify(result), ...result };
      } finally {
        writing.delete(grant.token_hash);
      }
    });
  });
}
