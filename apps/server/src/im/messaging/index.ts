// The messaging feature: its handlers, its sync sources and the one-to-one scene.
import { storedAccid, type Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import { messagingHandlers, type ComputedSessions } from './handlers.ts';
import { knownAccounts } from './known-accounts.ts';
import { p2pResolver, SceneRegistry } from './scenes.ts';
import { sendAndTell, type SendGuard, type SentListener, type WriteGuard } from './send.ts';
import type { Msg, OutgoingMsg, RequestOf } from '@morsel/protocol';
import { historyPage, type HistoryReader } from './history-pages.ts';
import type { Session } from '../gateway/index.ts';
import { SendQuotas, type SendQuotaLimits } from './send-quotas.ts';
import type { RecallSource } from './recalls.ts';
import { registerMessagingSync } from './sync.ts';
import type { SearchBounds } from './message-store.ts';
import { messageReadMarker, readMarkHandlers, ReadMarkers } from './read-marks.ts';

export { SceneRegistry, type SceneResolver, type Conversation, parseSessionId } from './scenes.ts';
export type { ReadMarker } from './read-marks.ts';
export { checkWrite, type SendGuard, type WriteGuard, type SentListener } from './send.ts';
export { recallNotice, type RecallNotice, type RecallSource } from './recalls.ts';
export { readableMessage } from './readable.ts';
export { pushInChunks } from './sync.ts';

export interface Messaging {
  /** Team and super-team scenes register here. */
  readonly scenes: SceneRegistry;
  /** Checks run before a message is stored (message-specific: forced-push lists). */
  readonly guards: SendGuard[];
  /** Checks run before anything is written into a conversation: messages and extras (blacklists). */
  readonly writeGuards: WriteGuard[];
  /** Sessions computed on read (super teams) that server-session queries include. */
  readonly computedSessions: ComputedSessions[];
  /** What batchMarkRead can mark read (system messages register here). */
  readonly readMarkers: ReadMarkers;
  /** Recalls of other scenes (teams, super teams) a device that was away hears of in its sync. */
  readonly recallSources: RecallSource[];
  /** Told of each message stored from a client, after the commit (message copies listen here). */
  readonly sent: SentListener[];
  /** Sends as an account through every check a client's send meets (the server API uses it). */
  send(
    session: Session,
    outgoing: OutgoingMsg,
    origin: { connectionId?: string; ip: string },
  ): Promise<Msg>;
  /** A page of a conversation's history as the account reads it (the server API uses it). */
  history(reader: HistoryReader, query: RequestOf<'getHistoryMsgs'>): Promise<Msg[]>;
}

export interface MessagingOptions {
  store: Store;
  im: ImGateway;
  recallWindowSeconds: number;
  /** Per-account daily send quotas (419 beyond). */
  quotas: SendQuotaLimits;
  /** How far a keyword search reaches (searchHistoryMsgs). */
  searchBounds: SearchBounds;
}

export function registerMessaging(options: MessagingOptions): Messaging {
  const { store, im } = options;
  const now = im.gateway.now;
  const scenes = new SceneRegistry();
  scenes.register(
    'p2p',
    p2pResolver(knownAccounts((appKey, accid) => storedAccid(store.db, appKey, accid))),
  );
  const guards: SendGuard[] = [];
  const writeGuards: WriteGuard[] = [];
  const computedSessions: ComputedSessions[] = [];
  const sent: SentListener[] = [];
  const deps = {
    store,
    gateway: im.gateway,
    scenes,
    guards,
    writeGuards,
    sent,
    quotas: new SendQuotas(options.quotas, now),
    now,
    computedSessions,
    recallWindowMs: options.recallWindowSeconds * 1000,
    searchBounds: options.searchBounds,
  };
  im.gateway.use(messagingHandlers(deps));
  const readMarkers = new ReadMarkers();
  readMarkers.register(
    ['msg', 'syncOfflineMsgs', 'syncRoamingMsgs'],
    messageReadMarker({ store, gateway: im.gateway, scenes, now }),
  );
  im.gateway.use(readMarkHandlers(readMarkers));
  const recallSources: RecallSource[] = [];
  registerMessagingSync(im.syncSources, store, now, undefined, recallSources);
  return {
    scenes,
    guards,
    writeGuards,
    computedSessions,
    readMarkers,
    recallSources,
    sent,
    send: (session, outgoing, origin) => sendAndTell(deps, session, outgoing, origin),
    history: (reader, query) => historyPage({ db: store.db, scenes, now }, reader, query),
  };
}

// Building blocks other features use to write into conversations (team notifications).
export { insertMessage, type StoredBody } from './message-store.ts';
export { toMsg, visibleTo } from './message-store.ts';
export { messagesAfter, streamMessages, type MessageStream } from './sync.ts';
export { sessionIdOf } from './scenes.ts';
