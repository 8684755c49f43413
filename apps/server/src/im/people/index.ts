// Users, friends, relations and system messages: handlers, sync sources, the blacklist guard.
import type { Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { peopleHandlers, type CustomSysMsgSender } from './handlers.ts';
import { blacklistGuard } from './relations.ts';
import { registerPeopleSync } from './sync.ts';
import { markSysMsgsRead } from './sysmsgs.ts';
export type { CustomSysMsgSender } from './handlers.ts';
export { onlineOnlyId, sendSysMsg } from './sysmsgs.ts';
export { pendingRequestsFrom, settleRequest } from './sysmsg-store.ts';
export { blacklistedBy, blacklistersOf } from './relation-store.ts';

export interface PeopleOptions {
  store: Store;
  im: ImGateway;
  messaging: Messaging;
}

export interface People {
  /** Custom system messages of scenes other than p2p: the teams service registers its own. */
  readonly customSysMsgScenes: Map<string, CustomSysMsgSender>;
}

export function registerPeople({ store, im, messaging }: PeopleOptions): People {
  const now = im.gateway.now;
  const customSysMsgScenes = new Map<string, CustomSysMsgSender>();
  im.gateway.use(peopleHandlers({ db: store.db, gateway: im.gateway, now, customSysMsgScenes }));
  messaging.writeGuards.push(blacklistGuard(store.db));
  registerPeopleSync(im.syncSources, store.db);
  messaging.readMarkers.register(['sysMsg', 'syncOfflineSysMsgs'], (session, connectionId, ids) =>
    markSysMsgsRead(store.db, im.gateway, session, connectionId, ids, now()),
  );
  return { customSysMsgScenes };
}
