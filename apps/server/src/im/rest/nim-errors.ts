// NIM's REST convention for failures: HTTP 200 with `{ code, desc }` in the body, the NIM code
// saying what went wrong (414 bad parameter, 403 refused signature or app, 500 our fault).
import type { FastifyError, FastifyInstance } from 'fastify';
import { ImAccountError } from '../accounts/index.ts';
import { CommandError } from '../gateway/index.ts';

export class NimError extends Error {
  constructor(
    readonly nimCode: number,
    readonly desc: string,
  ) {
    super(desc);
    this.name = 'NimError';
  }
}

export interface NimFailure {
  code: number;
  desc: string;
}

const MEDIA_TYPE_DESC = 'Content-Type must be application/x-www-form-urlencoded';

export function toNimFailure(error: FastifyError | Error): NimFailure {
  if (error instanceof NimError) return { code: error.nimCode, desc: error.desc };
  if (error instanceof ImAccountError) return { code: error.code, desc: error.message };
  // A rule of the IM link refused what an action asked (team rights, mutes...): its own code,
  // which is the one NIM's server API uses.
  if (error instanceof CommandError) return { code: error.code, desc: error.message };
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { code: 414, desc: MEDIA_TYPE_DESC };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { code: 414, desc: 'request body is too large' };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return { code: 414, desc: error.message };
  return { code: 500, desc: 'server error' };
}

/** Answers every failure of the routes in `scope` the NIM way. */
export function useNimErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = toNimFailure(error);
    if (failure.code === 500) request.log.error({ err: error }, 'nimserver request failed');
    else
      request.log.info({ nimCode: failure.code, desc: failure.desc }, 'nimserver request refused');
    reply.code(200).send(failure);
  });
}
