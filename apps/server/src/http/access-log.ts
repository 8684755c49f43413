// What the access log says about a request. The query string stays out: it is the client's text
// (a GET /im/log/report carries 4 kB of it, review H2) and it can hold tickets, keys and accounts.
// The Host header stays out too, for the same reason.
import type { FastifyRequest } from 'fastify';

export function accessLogRequest(request: FastifyRequest): Record<string, unknown> {
  const url = request.url ?? '';
  const queryAt = url.indexOf('?');
  return {
    method: request.method,
    url: queryAt === -1 ? url : `${url.slice(0, queryAt)}?…`,
    remoteAddress: request.ip,
  };
}
