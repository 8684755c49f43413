// Call signalling (document 2: Signalling; docs/im-signal.md): channels, invitations and their
// notifications, with the `avSignal` sync category that tells a device at login which channels
// its account is in and which offline-enabled invitations wait for it.
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { signalHandlers, type AvMuted } from './handlers.ts';
import { inviteNotify } from './notify.ts';
import { DEFAULT_SIGNAL_LIMITS, Signalling, type SignalLimits } from './signalling.ts';
import {
  channelsOfMemberQuery,
  markInvitesRead,
  pendingOfflineInvitesQuery,
  pruneExpired,
} from './store.ts';

export { DEFAULT_SIGNAL_LIMITS, type SignalLimits } from './signalling.ts';

export interface SignalOptions {
  store: Store;
  im: ImGateway;
  /** Where batchMarkRead finds what to mark: signalling notifications register here. */
  messaging: Pick<Messaging, 'readMarkers'>;
  http: FastifyInstance;
  log: Logger;
  limits?: Partial<SignalLimits>;
  /** The server API's user/muteAv flag (calls and invitations refused while set). */
  avMuted?: AvMuted;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export function registerSignal(options: SignalOptions): void {
  const { store, im, limits } = options;
  const now = im.gateway.now;
  const signalling = new Signalling(store.db, im.gateway, now, {
    ...DEFAULT_SIGNAL_LIMITS,
    ...limits,
  });
  im.gateway.use(signalHandlers(signalling, options.avMuted));
  // NIM's signalingMarkMsgRead (batchMarkRead naming signalingNotify): the invitations so marked
  // are left out of the unread sync at the account's next logins.
  options.messaging.readMarkers.register(
    ['signalingNotify', 'signalingUnreadSync'],
    (session, _connectionId, ids) =>
      markInvitesRead(store.db, session.appKey, session.accid, ids, now()),
  );
  im.syncSources.register(
    'avSignal',
    async ({ session, connection }) => {
      // Both are current state, not history: sent whole at every sync, and only when not empty.
      const channels = await signalling.channelsOf(session);
      if (channels.length > 0) connection.push('signalingChannelsSync', { channels });
      const waiting = await signalling.waitingInvites(session);
      if (waiting.length > 0)
        connection.push('signalingUnreadSync', {
          notifies: waiting.map(({ invite, channel }) => inviteNotify(invite, channel)),
        });
    },
    (p) => [
      channelsOfMemberQuery(store.db, p.appKey, p.accid, p.now),
      pendingOfflineInvitesQuery(store.db, p.appKey, p.accid, p.now),
    ],
    { emptyReturns: 'clock' },
  );

  const timer = setInterval(() => {
    pruneExpired(store.db, now()).catch((err: unknown) =>
      options.log.warn({ err }, 'signalling pruning failed'),
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  options.http.addHook('onClose', async () => clearInterval(timer));
}
