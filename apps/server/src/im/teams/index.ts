// Teams: the team scene for messaging, the team commands and their sync.
import type { Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { teamHandlers } from './handlers.ts';
import { teamResolver } from './scene.ts';
import { registerTeamSync } from './sync.ts';
import { TeamStore } from './team-store.ts';

export interface TeamsOptions {
  store: Store;
  im: ImGateway;
  messaging: Messaging;
  now?: () => number;
}

export function registerTeams({ store, im, messaging, now = Date.now }: TeamsOptions): void {
  const teams = new TeamStore(store.db);
  messaging.scenes.register('team', teamResolver(teams));
  im.gateway.use(teamHandlers({ db: store.db, store: teams, gateway: im.gateway, now }));
  registerTeamSync(im.syncSources, store.db, now);
}
