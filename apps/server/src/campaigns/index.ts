// Campaigns (docs/campaigns.md): the rewards kernel (kernel/) composed into the first campaigns —
// daily sign-in, raffle, password prize, coupons — and the admin API that changes their
// configuration. One encapsulated scope with the product API's parsers, envelope and sessions.
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from '../config/index.ts';
import { type ProductContext, installBodyParsers, installErrorEnvelope } from '../product/index.ts';
import type { CampaignContext } from './context.ts';
import { installCampaignErrors } from './http.ts';
import { registerCampaignAssets } from './assets.ts';
import { registerAwardRoutes } from './awards-routes.ts';
import { registerSignRoutes } from './sign/routes.ts';
import { registerRaffleRoutes } from './raffle/routes.ts';
import { registerPasswordRoutes } from './password/routes.ts';
import { registerCouponCentreRoutes } from './coupon/centre-routes.ts';
import { registerMyCouponRoutes } from './coupon/mine-routes.ts';
import { registerAdminRoutes } from './admin/routes.ts';

export { seedCampaigns } from './seed.ts';
export type { DemoCode } from './seed.ts';

export interface CampaignDeps {
  config: Config;
  /** The product API's context: store, clock, areas and the session lookup campaigns share. */
  product: ProductContext;
}

export async function registerCampaigns(http: FastifyInstance, deps: CampaignDeps): Promise<void> {
  const ctx: CampaignContext = {
    product: deps.product,
    adminKey: deps.config.adminKey,
    cashierKey: deps.config.cashierKey,
    adminFailuresPerHour: deps.config.adminFailuresPerHour,
  };
  await http.register(async (outer) => {
    await outer.register(fastifyCookie);
    installBodyParsers(outer);
    // Validation failures and anything unexpected: the product envelope, exactly as elsewhere.
    installErrorEnvelope(outer);
    await outer.register(async (scope) => {
      installCampaignErrors(scope);
      registerCampaignAssets(scope);
      registerAwardRoutes(scope, ctx);
      registerSignRoutes(scope, ctx);
      registerRaffleRoutes(scope, ctx);
      registerPasswordRoutes(scope, ctx);
      registerCouponCentreRoutes(scope, ctx);
      registerMyCouponRoutes(scope, ctx);
      await scope.register(async (admin) => registerAdminRoutes(admin, ctx));
    });
  });
}
