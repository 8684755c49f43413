// Users, friends, relations and system messages: handlers, sync sources, the blacklist guard.
import type { Store } from '../../store/index.ts';
import type { CustomSysMsg } from '@morsel/protocol';
import type { ImGateway, Session } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import type { NimActions } from '../rest/index.ts';
import { PeopleActions } from './actions.ts';
import { peopleHandlers, type CustomSysMsgSender } from './handlers.ts';
import { peopleRestActions } from './rest.ts';
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

/** A custom system message one account sent (from a client or as it through the server API). */
export interface CustomSysMsgSent {
  session: Session;
  sysMsg: CustomSysMsg;
  idServer: string;
  time: number;
  ip: string;
}

export interface People {
  /** Called after each custom system message is sent (the message copies listen). */
  readonly customSysMsgSent: ((sent: CustomSysMsgSent) => void)[];
  /** Custom system messages of scenes other than p2p: the teams service registers its own. */
  readonly customSysMsgScenes: Map<string, CustomSysMsgSender>;
  /** The /nimserver user-profile, relation and friend actions, for the REST API's signed scope. */
  readonly restActions: NimActions;
}

export function registerPeople({ store, im, messaging }: PeopleOptions): People {
  const now = im.gateway.now;
  const customSysMsgScenes = new Map<string, CustomSysMsgSender>();
  const actions = new PeopleActions(store.db, im.gateway, now);
  const customSysMsgSent: People['customSysMsgSent'] = [];
  const handlers = peopleHandlers({
    db: store.db,
    gateway: im.gateway,
    actions,
    customSysMsgScenes,
  });
  const sendCustomSysMsg = handlers.sendCustomSysMsg!;
  // Every scene's custom system message passes here, so listeners hear each one once.
  handlers.sendCustomSysMsg = async (context, params) => {
    const reply = await sendCustomSysMsg(context, params);
    if (reply)
      for (const listener of customSysMsgSent)
        listener({
          session: context.session,
          sysMsg: params.sysMsg,
          idServer: reply.idServer,
          time: reply.time,
          ip: context.connection.ip,
        });
    return reply;
  };
  im.gateway.use(handlers);
  messaging.writeGuards.push(blacklistGuard(store.db));
  registerPeopleSync(im.syncSources, store.db);
  messaging.readMarkers.register(['sysMsg', 'syncOfflineSysMsgs'], (session, connectionId, ids) =>
    markSysMsgsRead(store.db, im.gateway, session, connectionId, ids, now()),
  );
  return {
    customSysMsgScenes,
    customSysMsgSent,
    restActions: peopleRestActions(store.db, actions),
  };
}
