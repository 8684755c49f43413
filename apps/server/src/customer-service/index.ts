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
import type { ProductContext } from '../product/index.ts';
import { registerCustomerServiceAdminRoutes } from './admin-routes.ts';
import { ServiceTeam } from './agents.ts';
import { seedDemoAgents } from './demo.ts';
import { registerCustomerServiceRoutes } from './routes.ts';
import { CustomerService } from './service.ts';

export interface CustomerServiceDeps {
  config: Config;
  product: ProductContext;
  shoppers: ShopperAccounts;
}

export async function registerCustomerService(
  http: FastifyInstance,
  deps: CustomerServiceDeps,
): Promise<void> {
  const { product, config } = deps;
  const now = () => product.clock.now();
  const service = new CustomerService(product.db, now);
  const team = new ServiceTeam(product.db, deps.shoppers, service, now);
  if (config.seedDemo) await seedDemoAgents(product.db, team, now());
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerCustomerServiceRoutes(scope, product, service);
    await scope.register(async (admin) => {
      registerCustomerServiceAdminRoutes(admin, campaignContext(product, config), team);
    });
  });
}
