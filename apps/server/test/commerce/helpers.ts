// Helpers for the commerce suites: the job's dependencies as the server builds them (so a test
// runs a pass of the scheduled job with its moved clock), and top-up orders made through the API.
import { paymentProviders } from '../../src/campaigns/commerce/providers.ts';
import type { JobDeps } from '../../src/campaigns/commerce/jobs.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { call, data, type Json, type Shopper } from '../campaigns/helpers.ts';

export async function jobDeps(
  s: ProductTestServer,
  fetchImpl: typeof fetch = fetch,
): Promise<JobDeps> {
  const db = s.server.store.db;
  const now = () => s.clock.now();
  return {
    db,
    now,
    providers: await paymentProviders(s.server.config, db, { fetch: fetchImpl, now }),
    log: s.server.log,
  };
}

/** Orders a top-up of the seed's ¥100 option (as a bank channel's shopper when given). */
export async function orderTopUp(
  s: ProductTestServer,
  shopper: Shopper,
  channel?: string,
): Promise<Json> {
  return data(
    await call(s.url, 'POST', '/api/commerce/bank/orders', {
      ut: shopper.ut,
      body: { optionId: '100', amount: 10000, ...(channel ? { channel } : {}) },
    }),
  );
}

/** Starts the sandbox payment and answers the signed notify the cashier page would post. */
export async function sandboxNotify(
  s: ProductTestServer,
  shopper: Shopper,
  orderNo: string,
): Promise<Json> {
  const started = data(
    await call(s.url, 'POST', `/api/commerce/orders/${orderNo}/pay`, {
      ut: shopper.ut,
      body: { method: 'sandbox' },
    }),
  );
  return started.start.notify;
}

export const postNotify = (s: ProductTestServer, notify: Json) =>
  call(s.url, 'POST', '/api/commerce/notify/sandbox', { body: notify });
