// Message copies to the app server (NIM's 抄送): registered only when MORSEL_IM_COPY_URL is set.
import type { Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { Gateway, ImConnection, Session } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { MessageCopier } from './copier.ts';
import { chatroomMsgCopyBody, customSysMsgCopyBody, sessionCopyBody } from './copy-body.ts';
import type { People } from '../people/index.ts';
import type { ChatroomSent } from '../chatroom/index.ts';

export { countQueuedCopies } from './copy-store.ts';
export { clientTypeName } from './copy-body.ts';

export interface CopiesOptions {
  store: Store;
  log: Logger;
  config: Config;
  messaging: Messaging;
  /** Logins and logouts, copied when MORSEL_IM_COPY_EVENTS names them. */
  gateway?: Gateway;
  /** Custom system messages, copied when MORSEL_IM_COPY_EVENTS names sysMsg. */
  people?: People;
  /** Members' chatroom messages, copied when MORSEL_IM_COPY_EVENTS names chatroomMsg. */
  chatroomRooms?: { readonly sent: ((sent: ChatroomSent) => void)[] };
  secretOf: (appKey: string) => Promise<string | undefined>;
  now: () => number;
  fetch?: typeof fetch;
}

/** Starts the copier when a copy URL is configured; answers it (to close) or undefined. */
export function registerMessageCopies(options: CopiesOptions): MessageCopier | undefined {
  const { config } = options;
  if (!config.imCopyUrl) return undefined;
  const copier = new MessageCopier({
    ...options,
    settings: { url: config.imCopyUrl, maxAttempts: config.imCopyMaxAttempts },
  });
  options.messaging.sent.push((sent) => copier.messageSent(sent));
  if (options.gateway) copySessions(options.gateway, copier, config.imCopyEvents, options.now);
  if (options.people && config.imCopyEvents.split(',').includes('sysMsg'))
    options.people.customSysMsgSent.push((sent) => {
      // As a message's: a custom system message sent with cc false is not copied.
      if (sent.sysMsg.cc !== false) copier.queue(sent.session.appKey, customSysMsgCopyBody(sent));
    });
  if (options.chatroomRooms && config.imCopyEvents.split(',').includes('chatroomMsg'))
    options.chatroomRooms.sent.push((sent) =>
      copier.queue(sent.appKey, chatroomMsgCopyBody(sent), { idServer: sent.msg.idServer }),
    );
  copier.start();
  return copier;
}

/** Copies logins and logouts of devices (NIM's eventType 2 and 3) when the setting names them. */
function copySessions(
  gateway: Gateway,
  copier: MessageCopier,
  events: string,
  now: () => number,
): void {
  const chosen = new Set(events.split(',').filter(Boolean));
  // A logout's copy names the address its device logged in from, as the login's does.
  const addresses = new WeakMap<Session, string>();
  if (chosen.has('login') || chosen.has('logout'))
    gateway.onSessionStart(async (session: Session, connection: ImConnection) => {
      addresses.set(session, connection.ip);
      if (chosen.has('login'))
        copier.queue(session.appKey, sessionCopyBody('login', session, connection.ip, now()));
    });
  if (chosen.has('logout'))
    gateway.onSessionEnd(async (session: Session) => {
      const ip = addresses.get(session) ?? '';
      copier.queue(session.appKey, sessionCopyBody('logout', session, ip, now()));
    });
}
