// Orders and payment (docs/commerce.md): the order kernel (orders.ts), the payment providers
// (payment/), the bank card top-up, the cross-border shop and the orange gift card built on them (bank/, xborder/, orange/), the operator's admin routes and the
// scheduled job. Registered inside the campaigns' API scope, with its sessions and validator.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { CampaignContext } from '../context.ts';
import { registerCommerceAdminRoutes } from './admin-routes.ts';
import { registerBankRoutes } from './bank/routes.ts';
import { registerOrangeCardRoutes } from './orange/routes.ts';
import type { CommerceContext } from './context.ts';
import { scheduleCommerceJobs, type JobDeps } from './jobs.ts';
import { paymentProviders } from './providers.ts';
import { registerOrderRoutes } from './routes.ts';
import { registerXborderRoutes } from './xborder/routes.ts';

export { runCommercePass } from './jobs.ts';

/** How often the job closes timed-out orders and sends refunds. */
const JOB_EVERY_MS = 30_000;

export async function registerCommerce(
  scope: FastifyInstance,
  campaigns: CampaignContext,
  deps: { config: Config; fetch?: typeof fetch },
): Promise<JobDeps> {
  const { db, clock, log } = campaigns.product;
  const now = () => clock.now();
  const providers = await paymentProviders(deps.config, db, {
    fetch: deps.fetch ?? fetch,
    now,
  });
  const ctx: CommerceContext = { campaigns, providers, publicUrl: deps.config.publicUrl, log };
  registerBankRoutes(scope, ctx);
  registerXborderRoutes(scope, ctx);
  registerOrangeCardRoutes(scope, ctx);
  registerOrderRoutes(scope, ctx);
  await scope.register(async (admin) => registerCommerceAdminRoutes(admin, ctx));
  const jobDeps: JobDeps = { db, now, providers, log };
  const stop = scheduleCommerceJobs(jobDeps, JOB_EVERY_MS);
  scope.addHook('onClose', async () => stop());
  return jobDeps;
}
