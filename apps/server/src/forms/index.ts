// The product's forms with an operator side (docs/forms.md, CONTEXT.md): shop photos, the outlet
// declaration and its review. One encapsulated API scope (src/api) with the product API's
// sessions; every route from the @morsel/api table. Registered after the file storage, which
// keeps the photos.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';
import { campaignContext, requireKey, type CampaignContext } from '../campaigns/index.ts';
import type { FileService } from '../im/files/index.ts';
import type { ProductContext } from '../product/index.ts';
import { prepareApiScope } from '../api/index.ts';
import { registerPhotoRoute } from './photos.ts';
import { registerFullshopRoutes } from './fullshop/routes.ts';
import { registerFullshopAdminRoutes } from './fullshop/admin-routes.ts';
import { registerJoinusRoutes } from './joinus/routes.ts';
import { registerApplyRoutes } from './apply/routes.ts';
import { registerExportRoutes } from './export-routes.ts';
import { registerPrivacyAdminRoutes, registerPrivacyRoutes } from './privacy/routes.ts';

export interface FormDeps {
  config: Config;
  product: ProductContext;
  files: FileService;
}

export async function registerForms(http: FastifyInstance, deps: FormDeps): Promise<void> {
  const ctx: CampaignContext = campaignContext(deps.product, deps.config);
  const { files } = deps;
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerFullshopRoutes(scope, ctx, files);
    registerJoinusRoutes(scope, ctx);
    registerApplyRoutes(scope, ctx);
    registerPrivacyRoutes(scope, ctx, files);
    await scope.register(async (admin) => {
      // One key check for every admin route of the forms (a wrong key counts once).
      admin.addHook('onRequest', async (request) => {
        await requireKey(ctx, request, ['admin']);
      });
      registerFullshopAdminRoutes(admin, ctx, files);
      registerExportRoutes(admin, ctx);
      registerPrivacyAdminRoutes(admin, ctx, files);
    });
    // Multipart only where a photo is uploaded.
    await scope.register(async (photos) => registerPhotoRoute(photos, ctx, files));
  });
}
