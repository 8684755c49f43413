// GET /dev/sms-outbox?mobile=…: the latest messages the outbox provider kept for a number, so
// end-to-end tests and a person trying the product can log in. Registered only while the outbox
// is the SMS provider; with a real provider the path does not exist.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { ok } from '../codes.ts';
import type { ProductContext } from '../context.ts';
import { Mobile } from '../schemas.ts';
import { readOutbox } from '../sms/provider.ts';

const OutboxQuery = Type.Object({ mobile: Mobile });

export function registerDevOutboxRoute(scope: FastifyInstance, ctx: ProductContext): void {
  if (ctx.sms.name !== 'outbox') return;
  scope.get('/dev/sms-outbox', { schema: { querystring: OutboxQuery } }, async (request) => {
    const { mobile } = request.query as Static<typeof OutboxQuery>;
    return ok(await readOutbox(ctx.db, mobile));
  });
}
