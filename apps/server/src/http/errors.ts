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

export function sendNotFound(reply: FastifyReply): void {
  reply.code(404).send({ code: 404, message: 'not found' });
}
