// Customer service (issue 23, docs/customer-service.md, decision 0056, CONTEXT.md): a shopper's
// conversation with the service team, routed to the online agent with the fewest open
// conversations; the agents' workspace; the admin API that names agents. One encapsulated API
// scope (src/api) with the product API's sessions; every route from the @morsel/api table.
// Registered after chat in the app, whose IM accounts the agents are.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';
import { prepareApiScope } from '../api/index.ts';
import { campaignContext } from '../campaigns/index.ts';
import type { ShopperAccounts } from '../chat/index.ts';
import type { FileService } from '../im/files/index.ts';
import type { Gateway } from '../im/gateway/index.ts';
import type { ProductContext } from '../product/index.ts';
import { registerCustomerServiceAdminRoutes } from './admin-routes.ts';
import { ServiceTeam } from './agents.ts';
import { seedDemoAgents } from './demo.ts';
import { ServiceImages } from './images.ts';
import { ServicePush } from './push.ts';
import { registerCustomerServiceRoutes } from './routes.ts';
import { CustomerService } from './service.ts';

export interface CustomerServiceDeps {
  config: Config;
  product: ProductContext;
  shoppers: ShopperAccounts;
  /** The IM gateway, through which the parties of a changed conversation are told (push.ts). */
  gateway: Gateway;
  /** The default IM app, whose accounts shoppers and agents have. */
  appKey: string;
  /** The IM files, whose uploads pictures in conversations are (images.ts). */
  files: FileService;
}

export async function registerCustomerService(
  http: FastifyInstance,
  deps: CustomerServiceDeps,
): Promise<void> {
  const { product, config } = deps;
  const now = () => product.clock.now();
  const push = new ServicePush({
    db: product.db,
    gateway: deps.gateway,
    appKey: deps.appKey,
    now,
    log: product.log,
  });
  const images = new ServiceImages(product.db, deps.files, deps.appKey);
  const service = new CustomerService(product.db, now, {
    push: (change) => push.changed(change),
    images,
  });
  const team = new ServiceTeam(product.db, deps.shoppers, service, now);
  if (config.seedDemo) await seedDemoAgents(product.db, team, now());
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerCustomerServiceRoutes(scope, product, service, images);
    await scope.register(async (admin) => {
      registerCustomerServiceAdminRoutes(admin, campaignContext(product, config), team);
    });
  });
}
