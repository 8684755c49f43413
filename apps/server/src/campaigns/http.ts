// The campaigns' HTTP scope: the product API's body parsers and envelope, plus a handler for
// campaign refusals. Anything else is rethrown, so the product envelope (validation → 400 with
// the field named, unexpected → 500 without internals) answers it exactly as for product routes.
import type { FastifyInstance } from 'fastify';
import { CampaignError } from './kernel/codes.ts';

export function installCampaignErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error, _request, reply) => {
    if (error instanceof CampaignError) {
      reply.code(error.status).send({ code: error.code, message: error.message, data: error.data });
      return;
    }
    throw error;
  });
}
