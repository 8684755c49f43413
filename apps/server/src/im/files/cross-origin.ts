// Uploads and file reads from other origins. NIM's browser build runs in the app's pages and
// reaches the upload address with XMLHttpRequest (the chunk protocol's POST with its x-nos-token
// header needs a preflight; a multipart POST does not, but its answer must still be readable),
// then asks the file's address for `?imageInfo`. Neither path reads a cookie or session of ours
// (the grant travels in the request, a file is read by its unguessable name or access token),
// so any origin may use them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_WIRE } from '@morsel/protocol';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Lets a page of any origin read the answer (credentials allowed: none are looked at). */
export function allowUploadOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (!origin) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-credentials', 'true')
    .header('vary', 'origin');
}

/** Answers the browser's preflight for these upload paths: GET and POST with the grant header. */
export function answerUploadPreflights(http: FastifyInstance, paths: string[]): void {
  for (const path of paths)
    http.options(path, async (request, reply) => {
      allowUploadOrigin(request, reply);
      return reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', `content-type, ${UPLOAD_WIRE.tokenHeader}`)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
        .code(204)
        .send();
    });
}
