// The live room (issue 23, docs/live-pages.md, decision 0052, CONTEXT.md): live sessions with an
// HLS player and the session's chatroom, likes counted on the server and announced in batches,
// and the host's lottery giving a campaign's prizes through the rewards kernel. One encapsulated
// API scope (src/api) with the product API's sessions; every route from the @morsel/api table.
// Registered after chat in the app, whose IM accounts hosts and viewers use.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';
import { prepareApiScope } from '../api/index.ts';
import { campaignContext } from '../campaigns/index.ts';
import type { ShopperAccounts } from '../chat/index.ts';
import type { Chatrooms } from '../im/chatroom/index.ts';
import type { ProductContext } from '../product/index.ts';
import { registerLiveAdminRoutes } from './admin-routes.ts';
import { seedDemoSessions } from './demo.ts';
import { LikeAnnouncer } from './likes.ts';
import { LiveRooms } from './room.ts';
import { registerLiveRoutes } from './routes.ts';
import { LiveSessions } from './sessions.ts';
import { likesOf } from './store.ts';
import { LiveStreams } from './streams.ts';

export interface LiveDeps {
  config: Config;
  product: ProductContext;
  shoppers: ShopperAccounts;
  chatrooms: Chatrooms;
}

export async function registerLive(http: FastifyInstance, deps: LiveDeps): Promise<void> {
  const { product, config } = deps;
  const now = () => product.clock.now();
  const rooms = new LiveRooms(deps.chatrooms.service, () => deps.chatrooms.addresses());
  const sessions = new LiveSessions(product.db, deps.shoppers, rooms, now);
  const likes = new LikeAnnouncer(rooms, (id) => likesOf(product.db, id), product.log);
  const streams = new LiveStreams(config.dataDir, product.log);
  if (config.seedDemo) await seedDemoSessions(product.db, sessions, now());
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    scope.addHook('onClose', async () => {
      await likes.close();
      await streams.close();
    });
    registerLiveRoutes(scope, { product, sessions, likes, streams });
    await scope.register(async (admin) => {
      registerLiveAdminRoutes(admin, campaignContext(product, config), sessions);
    });
  });
}
