// Chat in the app (issue 23, docs/chat-pages.md, CONTEXT.md): the product side of the IM cloud
// for shoppers. One encapsulated API scope (src/api) with the product API's sessions; every route
// from the @morsel/api table. Registered after the product API, whose logouts it listens to.
import type { FastifyInstance } from 'fastify';
import type { ImAccounts } from '../im/accounts/index.ts';
import { TeamStore } from '../im/teams/index.ts';
import type { ProductContext } from '../product/index.ts';
import { prepareApiScope } from '../api/index.ts';
import { registerChatRoutes } from './routes.ts';
import { ShopperAccounts } from './shopper-accounts.ts';

export type { ShopperAccounts, ShopperImLogin } from './shopper-accounts.ts';
export { chatNick } from './shopper-accounts.ts';
export { accidsOfShoppers, shoppersByAccid } from './store.ts';

export interface ChatDeps {
  product: ProductContext;
  accounts: ImAccounts;
  /** The default IM app, whose accounts shoppers get. */
  appKey: string;
}

export async function registerChat(
  http: FastifyInstance,
  deps: ChatDeps,
): Promise<ShopperAccounts> {
  const { product } = deps;
  const shoppers = new ShopperAccounts({
    db: product.db,
    accounts: deps.accounts,
    appKey: deps.appKey,
    now: () => product.clock.now(),
  });
  product.sessionEvents.onEnded((userId) => shoppers.sessionEnded(userId));
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerChatRoutes(scope, { product, shoppers, teams: new TeamStore(product.db) });
  });
  return shoppers;
}
