import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * Every HTTP error leaves as `{ code, message }`: validation failures as 400 naming the field,
 * unknown routes as 404, anything unexpected as 500 without internals (logged with its stack).
 */
export function registerErrorHandling(http: FastifyInstance): void {
  http.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      reply.code(400).send({ code: 400, message: error.message });
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.code(status).send({
      code: status,
      message: status >= 500 ? 'internal server error' : error.message,
    });
  });
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'the URL is not validly percent-encoded',
  FST_ERR_MAX_PARAM_LENGTH: 'a path segment is too long',
};

/**
 * Fastify's router refuses a URL it cannot decode (400) or a path segment over maxParamLength
 * (414) before any error handler runs, answering its own `{error, code: 'FST_ERR_…', message}`
 * that echoes the whole URL back. This answers them in the envelope every other error uses,
 * without repeating the caller's text. Passed to fastify() as `frameworkErrors`.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: unknown,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .code(status)
    .send({ code: status, message: FRAMEWORK_MESSAGES[error.code] ?? 'bad request' });
}

export function sendNotFound(reply: FastifyReply): void {
  reply.code(404).send({ code: 404, message: 'not found' });
}
