// The lizard script (lizard/index.js, see its header) and the endpoint that stores what it
// reports. Reports are anonymous and capped per client address.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, fail, ok } from '@morsel/api';
import { clientAddress, headerValue, route } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { hitCounter } from '../store/rate-limit.ts';
import { insertPageView } from '../store/page-views.ts';
import { redactTokens } from '../../redact.ts';
import { serverPath } from '../../paths.ts';

export const LIZARD_SCRIPT_PATH = ENDPOINTS['lizard.script'].path;
const SCRIPT_MAX_AGE_S = 30 * 86_400;
const REPORTS_PER_ADDRESS_PER_HOUR = 600;

export function registerLizardRoutes(scope: FastifyInstance, ctx: ProductContext): void {
  const script = fs.readFileSync(serverPath('src', 'product', 'lizard', 'index.js'), 'utf8');

  route(scope, 'lizard.script', async (_request, reply) => {
    reply
      .header('cache-control', `public, max-age=${SCRIPT_MAX_AGE_S}`)
      .type('application/javascript; charset=utf-8');
    return script;
  });

  route(scope, 'lizard.pageView', async (request) => {
    const view = request.body;
    const address = clientAddress(request);
    const now = ctx.clock.now();
    const budget = await hitCounter(ctx.db, `lizard.hour:${address}`, now, now + 3600_000);
    if (budget.count > REPORTS_PER_ADDRESS_PER_HOUR) throw fail('tooManyRequests');
    await insertPageView(ctx.db, {
      path: view.path,
      title: view.title ?? '',
      referrer: view.referrer ?? '',
      ttfb_ms: view.ttfb ?? null,
      dom_ready_ms: view.domReady ?? null,
      load_ms: view.load ?? null,
      // The native app's user agent carries the shopper's `ut` (docs/native-bridge.md).
      user_agent: redactTokens(headerValue(request, 'user-agent') ?? '').slice(0, 512),
      client_address: address,
      created_at: now,
    });
    return ok(null);
  });
}
