// One pass of the commerce job (close timed-out orders, fulfil, send refunds) against a running
// test server, at the time `now` says: tests move a ManualClock instead of waiting for the timer.
import type { MorselServer } from '../../src/app.ts';
import { runCommercePass } from '../../src/campaigns/commerce/index.ts';
import type { PassSummary } from '../../src/campaigns/commerce/jobs.ts';
import { paymentProviders } from '../../src/campaigns/commerce/providers.ts';

export async function runCommerceJob(
  server: MorselServer,
  now: () => number,
  fetchImpl: typeof fetch = fetch,
): Promise<PassSummary> {
  const db = server.store.db;
  const providers = await paymentProviders(server.config, db, { fetch: fetchImpl, now });
  return runCommercePass({ db, now, providers, log: server.log });
}
