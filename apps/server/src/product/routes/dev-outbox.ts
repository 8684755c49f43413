// GET /dev/sms-outbox?mobile=…: the latest messages the outbox provider kept for a number, so
// end-to-end tests and a developer trying the product can log in. A development tool: registered
// only in development while the outbox is the SMS provider, and it answers only requests from
// this machine (the TCP peer, not X-Forwarded-For), because it hands out login codes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { readOutbox } from '../sms/provider.ts';
import { fromLoopback } from '../loopback.ts';

export function registerDevOutboxRoute(scope: FastifyInstance, ctx: ProductContext): void {
  if (ctx.sms.name !== 'outbox' || ctx.config.mode !== 'development') return;
  const onRequest = async (request: FastifyRequest) => {
    if (!fromLoopback(request)) throw fail('loopbackOnly', { status: 403 });
  };
  route(
    scope,
    'dev.smsOutbox',
    async (request) => ok(await readOutbox(ctx.db, request.query.mobile)),
    {
      onRequest,
    },
  );
}
