// Campaigns (docs/campaigns.md): the rewards kernel (kernel/) composed into the first campaigns —
// daily sign-in, raffle, password prize, coupons — and the admin API that changes their
// configuration. One encapsulated API scope (src/api) with the product API's sessions; every route
// from the @morsel/api table.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';
import type { ProductContext } from '../product/index.ts';
import { prepareApiScope } from '../api/index.ts';
import type { CampaignContext } from './context.ts';
import { registerCampaignAssets } from './assets.ts';
import { registerAwardRoutes } from './awards-routes.ts';
import { registerSignRoutes } from './sign/routes.ts';
import { registerRaffleRoutes } from './raffle/routes.ts';
import { registerPasswordRoutes } from './password/routes.ts';
import { registerCouponCentreRoutes } from './coupon/centre-routes.ts';
import { registerMyCouponRoutes } from './coupon/mine-routes.ts';
import { registerAdminRoutes } from './admin/routes.ts';
import { registerFulfilmentRoutes } from './admin/fulfilment-routes.ts';
import { registerExchangeCodeRoutes } from './admin/codes-routes.ts';
import { registerPrizeImageRoutes, type PictureStore } from './admin/prize-images.ts';
import { registerDashboardRoutes } from './admin/dashboard-routes.ts';
import { registerConsoleRoutes } from './console/routes.ts';
import { registerHubRoutes } from './hub-routes.ts';
import { registerCommerce } from './commerce/index.ts';
import { registerDownloadRoutes } from './download/routes.ts';
import { registerVoteRoutes } from './vote/routes.ts';
import { registerFreeRoutes } from './free/routes.ts';
import { registerBagAdminRoutes, registerBagRoutes } from './bag/routes.ts';
import { registerRainRoutes } from './rain/routes.ts';
import { registerFissionAdminRoutes, registerFissionRoutes } from './fission/routes.ts';
import { registerGameCentreRoutes } from './game/routes.ts';
import { registerCmsRoutes } from './cms/routes.ts';
import { registerStationRoutes } from './station/routes.ts';
import { registerVideoRoutes } from './video/routes.ts';
import { SampleMedia } from './video/samples.ts';
import { registerWineRoutes } from './wine/routes.ts';
import { registerUpdateRoutes } from './update/routes.ts';
import { registerLoveRoutes } from './love/routes.ts';
import { registerContentRoutes } from './content/routes.ts';

export { seedCampaigns } from './seed.ts';
export type { DemoCode } from './seed.ts';
// What the product forms (src/forms) share with the campaigns: a configured campaign with its
// window and settings, the shopper of a request, and the admin key check.
export { currentUser, optionalUser, userId, type CampaignContext } from './context.ts';
export { parseSettings, publicCampaign, requireCampaign, requireRunning } from './kernel/window.ts';
export { requireKey } from './admin/auth.ts';
export {
  accountProblem,
  CONSOLE_ROLES,
  saveConsoleAccount,
  seedConsoleOperator,
  type ConsoleRole,
} from './console/accounts.ts';
export { generatePassword } from './console/passwords.ts';
export type { FullshopSettings } from './fullshop/settings.ts';
export type { JoinusSettings } from './joinus/settings.ts';
export type { ApplySettings } from './apply/settings.ts';
export type { PrivacySettings } from './privacy/settings.ts';
export type { PostcardCover, PostcardTemplate, PostofficeSettings } from './postoffice/settings.ts';
// What the live room's lottery (src/live) composes: prizes, awards and the transaction.
export { awardPrize, listPrizes, type Prize } from './kernel/prizes.ts';
export { inTransaction } from './kernel/transaction.ts';
// What customer service (src/customer-service) shows an agent beside a conversation.
export { listAllOwnAwards } from './store/awards.ts';
export { searchOrders } from './commerce/store/orders.ts';

export interface CampaignDeps {
  config: Config;
  /** The product API's context: store, clock, areas and the session lookup campaigns share. */
  product: ProductContext;
  /** What payment providers are called with (tests hand in their own). */
  fetch?: typeof fetch;
}

/** What campaign and admin routes are given, from the settings (the forms build theirs too). */
export function campaignContext(product: ProductContext, config: Config): CampaignContext {
  return {
    product,
    adminKey: config.adminKey,
    cashierKey: config.cashierKey,
    adminFailuresPerHour: config.adminFailuresPerHour,
    console: {
      sessionMs: config.consoleSessionHours * 3600_000,
      loginFailuresPerHour: config.consoleLoginFailuresPerHour,
    },
  };
}

export async function registerCampaigns(http: FastifyInstance, deps: CampaignDeps): Promise<void> {
  const ctx = campaignContext(deps.product, deps.config);
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerCampaignAssets(scope);
    registerAwardRoutes(scope, ctx);
    registerSignRoutes(scope, ctx);
    registerRaffleRoutes(scope, ctx);
    registerPasswordRoutes(scope, ctx);
    registerCouponCentreRoutes(scope, ctx);
    registerMyCouponRoutes(scope, ctx);
    registerHubRoutes(scope, ctx);
    registerDownloadRoutes(scope, ctx);
    registerVoteRoutes(scope, ctx);
    registerFreeRoutes(scope, ctx);
    registerBagRoutes(scope, ctx);
    registerRainRoutes(scope, ctx);
    registerFissionRoutes(scope, ctx);
    registerGameCentreRoutes(scope, ctx);
    registerCmsRoutes(scope, ctx);
    registerStationRoutes(scope, ctx);
    registerVideoRoutes(
      scope,
      ctx,
      new SampleMedia(deps.config.dataDir, deps.product.log),
      deps.config.publicUrl,
    );
    registerWineRoutes(scope, ctx);
    registerUpdateRoutes(scope, ctx);
    registerLoveRoutes(scope, ctx);
    registerContentRoutes(scope, ctx);
    registerConsoleRoutes(scope, ctx);
    await scope.register(async (admin) => {
      registerAdminRoutes(admin, ctx);
      registerDashboardRoutes(admin, ctx);
      registerBagAdminRoutes(admin, ctx);
      registerFissionAdminRoutes(admin, ctx);
      registerFulfilmentRoutes(admin, ctx);
      registerExchangeCodeRoutes(admin, ctx);
    });
    await registerCommerce(scope, ctx, {
      config: deps.config,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  });
}

/**
 * The prize pictures of the admin API (upload and built-in list): registered after the file
 * storage that keeps them (app.ts hands in its FileService as a PictureStore).
 */
export async function registerPrizeImages(
  http: FastifyInstance,
  deps: CampaignDeps,
  pictures: PictureStore,
): Promise<void> {
  await registerPrizeImageRoutes(http, campaignContext(deps.product, deps.config), pictures);
}
