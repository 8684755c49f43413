// GET /dev/sms-outbox?mobile=…: the latest messages the outbox provider kept for a number, so
// end-to-end tests and a developer trying the product can log in. A development tool: registered
// only in development while the outbox is the SMS provider, and it answers only requests from
// this machine (the TCP peer, not X-Forwarded-For), because it hands out login codes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { fail, ok } from '../codes.ts';
import type { ProductContext } from '../context.ts';
import { Mobile } from '../schemas.ts';
import { readOutbox } from '../sms/provider.ts';
import { fromLoopback } from '../loopback.ts';

const OutboxQuery = Type.Object({ mobile: Mobile });

export function registerDevOutboxRoute(scope: FastifyInstance, ctx: ProductContext): void {
  if (ctx.sms.name !== 'outbox' || ctx.config.mode !== 'development') return;
  const onRequest = async (request: FastifyRequest) => {
    if (!fromLoopback(request)) throw fail('loopbackOnly', { status: 403 });
  };
  scope.get(
    '/dev/sms-outbox',
    { schema: { querystring: OutboxQuery }, onRequest },
    async (request) => {
      const { mobile } = request.query as Static<typeof OutboxQuery>;
      return ok(await readOutbox(ctx.db, mobile));
    },
  );
}
