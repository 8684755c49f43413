import type { FastifyInstance } from 'fastify';
import { route } from '../api/index.ts';
import { pingStore, type Store } from '../store/index.ts';
import type { Bus } from '../bus/index.ts';

/** GET /healthz: 200 when the store answers, 503 otherwise; names the engines in use. */
export function registerHealth(http: FastifyInstance, deps: { store: Store; bus: Bus }): void {
  const startedAt = Date.now();
  route(http, 'health.check', async (request, reply) => {
    let storeOk = true;
    try {
      await pingStore(deps.store.db);
    } catch (error) {
      storeOk = false;
      request.log.error({ err: error }, 'health check: store did not answer');
    }
    reply.code(storeOk ? 200 : 503);
    return {
      status: storeOk ? 'ok' : 'degraded',
      store: deps.store.engine,
      bus: deps.bus.kind,
      uptimeMs: Date.now() - startedAt,
    };
  });
}
