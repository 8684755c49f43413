// Builds the whole server (HTTP API, web app, and later the IM gateway) without listening, so
// tests and main.ts share one composition. main.ts only loads config and listens.
import { FILE_LIMITS } from '@morsel/protocol';
import fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config/index.ts';
import { parseTrustProxy } from './config/index.ts';
import { createLogger, type Logger } from './log.ts';
import { openStore, sqliteFileIn, type Store } from './store/index.ts';
import { openBus, type Bus } from './bus/index.ts';
import { registerHealth } from './http/health.ts';
import { installLazyDefaultValidator, installLazySerializer } from './lazy-compile.ts';
import { answerFrameworkError, registerErrorHandling } from './http/errors.ts';
import { refuseNulCharacters } from './http/nul-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import { requestId } from './http/request-id.ts';
import { accessLogRequest } from './http/access-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerBodyDeadline } from './http/body-deadline.ts';
import { seed, type SeedSummary } from './seed/index.ts';
import { ImAccounts, mutedSenderGuard } from './im/accounts/index.ts';
import { registerImRest } from './im/rest/index.ts';
import { createChatrooms, type Chatrooms } from './im/chatroom/index.ts';
import { registerClientLogs, UploadTickets } from './im/client-logs/index.ts';
import {
  attachImGateway,
  kickConnections,
  UPLOAD_PATH,
  type ImGateway,
} from './im/gateway/index.ts';
import { registerMessaging, type Messaging } from './im/messaging/index.ts';
import { registerPeople } from './im/people/index.ts';
import { registerPushSettings } from './im/push-settings/index.ts';
import { registerSafeUrls, type SafeUrls } from './im/safe-urls/index.ts';
import {
  antispamRestActions,
  registerFiles,
  uploadRestActions,
  type FileService,
} from './im/files/index.ts';
import { registerTeams } from './im/teams/index.ts';
import { teamRestActions } from './im/teams/rest.ts';
import { superTeamRestActions } from './im/teams/super-rest.ts';
import { registerEvents } from './im/events/index.ts';
import { registerSignal, type SignalLimits } from './im/signal/index.ts';
import { registerExtras } from './im/extras/index.ts';
import { registerMessageCopies } from './im/copies/index.ts';
import { messageRestActions } from './im/messaging/rest.ts';
import { historyRestActions } from './im/messaging/history-rest.ts';
import { attachMsgRestActions } from './im/messaging/rest-attach.ts';
import { recallRestAction } from './im/messaging/rest-recall.ts';
import { deleteRestActions } from './im/messaging/rest-deletes.ts';
import { registerBroadcasts } from './im/broadcasts/index.ts';
import { registerLoginEvents } from './im/login-events/index.ts';
import { systemClock, type Clock } from './clock.ts';
import { registerProductApi, type SmsProvider } from './product/index.ts';
import { registerCampaigns, registerPrizeImages } from './campaigns/index.ts';
import { registerForms } from './forms/index.ts';
import { registerPostoffice } from './postoffice/index.ts';
import { registerChat } from './chat/index.ts';
import { registerLive } from './live/index.ts';
import { registerCustomerService } from './customer-service/index.ts';
import { registerApiDocs } from './api/index.ts';
import { closeHttpWithin, closeInSteps, trackUpgradedSockets } from './http/shutdown.ts';

/** How long kicked links may take to close on shutdown before they are cut. */
const LINK_CLOSE_GRACE_MS = 500;

export interface RouteSummary {
  readonly method: string;
  readonly url: string;
  readonly schema?: RouteOptions['schema'];
  readonly bodyLimit?: number;
}

export interface MorselServer {
  readonly config: Config;
  readonly http: FastifyInstance;
  readonly store: Store;
  readonly bus: Bus;
  readonly log: Logger;
  readonly seeded: SeedSummary;
  /** IM apps and accounts; the gateway's login calls imAccounts.verifyLogin. */
  readonly imAccounts: ImAccounts;
  readonly imGateway: ImGateway;
  readonly imMessaging: Messaging;
  /** Safe short URLs and the original URLs behind them (getOriginUrl). */
  readonly safeUrls: SafeUrls;
  /** Uploaded files and their renditions (im/files). */
  readonly files: FileService;
  /** Issues and checks the client log upload tickets handed out at IM login. */
  readonly uploadTickets: UploadTickets;
  /** Chatrooms: their own link, getChatroomAddress and the /nimserver/chatroom actions. */
  readonly chatrooms: Chatrooms;
  /** Every HTTP route with its schemas, as registered (the hostile-input suite walks them). */
  readonly routes: readonly RouteSummary[];
  /**
   * When each part of the build was done, in milliseconds since the process started (main.ts
   * logs them with its own, so a slow start can be split without a profiler).
   */
  readonly startPhases: Readonly<Record<string, number>>;
  /** Stops accepting requests, then closes the bus and the store. */
  close(): Promise<void>;
}

/**
 * Parts tests replace: the server's one clock (the product API, the campaigns and every IM
 * feature read time from it), the fetch the product calls WeChat with, its SMS provider.
 */
export interface ServerServices {
  clock?: Clock;
  fetch?: typeof fetch;
  sms?: SmsProvider;
  /** Signalling's limits (members per channel, channel lifetime...) where a test needs small ones. */
  imSignalLimits?: Partial<SignalLimits>;
}

export async function buildServer(
  config: Config,
  log: Logger = createLogger(config),
  services: ServerServices = {},
): Promise<MorselServer> {
  const startPhases: Record<string, number> = { build: Math.round(performance.now()) };
  const phase = (name: string) => (startPhases[name] = Math.round(performance.now()));
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  let bus: Bus | undefined;
  // Closed when the build fails half-way: its onClose hooks stop the jobs and timers it started.
  let started: FastifyInstance | undefined;
  let chatroomsStarted: Chatrooms | undefined;
  try {
    bus = await openBus({
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
      onHandlerError: (err) => log.error({ err }, 'bus handler failed'),
    });
    const liveBus = bus;
    phase('store');
    const seeded = await seed(store, config);
    phase('seed');
    const http: FastifyInstance = fastify({
      // A child whose `req` serializer wins over Fastify's: no query strings in the access log.
      loggerInstance: log.child(
        {},
        { serializers: { req: accessLogRequest } },
      ) as FastifyBaseLogger,
      // The header is read by requestId, which accepts only a safe-shaped value.
      requestIdHeader: false,
      genReqId: requestId,
      // Unset trusts nobody: X-Forwarded-For is the client's to write (config/trust-proxy.ts).
      trustProxy: parseTrustProxy(config.trustProxy),
      // A client that sends its request slowly (or an idle socket) is cut off instead of holding
      // a connection for ever (review L8). The idle limit stays above Engine.IO's ping cycle.
      // Node's requestTimeout covers the whole request, body included: it is the longest body
      // deadline (uploads, 600 s); headers keep the short one, and registerBodyDeadline holds
      // every other body to it.
      requestTimeout: Math.max(config.httpRequestTimeoutMs, FILE_LIMITS.uploadTimeoutMs),
      connectionTimeout: config.httpConnectionTimeoutMs,
      // Node checks the request time-out only this often (30 s by default): a quarter of it keeps
      // the limit close to what is configured.
      http: {
        connectionsCheckingInterval: Math.ceil(config.httpRequestTimeoutMs / 4),
        // Node checks headersTimeout <= requestTimeout when the server is made, before Fastify
        // applies its own requestTimeout: both are given here.
        requestTimeout: Math.max(config.httpRequestTimeoutMs, FILE_LIMITS.uploadTimeoutMs),
        headersTimeout: config.httpRequestTimeoutMs,
      },
      frameworkErrors: answerFrameworkError,
      // Start-up renders pictures and runs migrations: on a loaded machine it can take longer
      // than Fastify's 10 s default for a plugin, which is no reason to fail.
      pluginTimeout: 120_000,
    });
    started = http;
    installLazyDefaultValidator(http);
    installLazySerializer(http);
    const routes: RouteSummary[] = [];
    http.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, schema: route.schema, bodyLimit: route.bodyLimit });
    });
    http.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    registerSecurityHeaders(http, config);
    registerBodyDeadline(http, config.httpRequestTimeoutMs, [
      { path: UPLOAD_PATH, ms: FILE_LIMITS.uploadTimeoutMs },
    ]);
    registerErrorHandling(http);
    refuseNulCharacters(http);
    // MORSEL_ROLE: a gateway serves the IM links only; an api process everything but them.
    const servesApi = config.role !== 'gateway';
    const servesLinks = config.role !== 'api';
    // Only where links are served: an `upgrade` listener makes Node hand over every upgrade request.
    const upgraded = servesLinks ? trackUpgradedSockets(http.server) : undefined;
    // Before any route of the table, so the document sees them all.
    if (servesApi) await registerApiDocs(http, config);
    registerHealth(http, { store, bus });
    const clock = services.clock ?? systemClock;
    const now = () => clock.now();
    const imAccounts = new ImAccounts({
      store,
      log,
      // A blocked account's connections, or those of a changed token, end at once, in whichever
      // process holds them.
      onKick: (appKey, accid) =>
        void kickConnections(liveBus, { appKey, accid }, undefined, 'serverKick'),
      now,
    });
    const chatrooms = createChatrooms({ store, bus, log, config, verifier: imAccounts, now });
    chatroomsStarted = chatrooms;
    const uploadTickets = new UploadTickets(
      imAccounts,
      config.imUploadTicketTtlSeconds * 1000,
      now,
    );
    await registerClientLogs(http, { store, tickets: uploadTickets, log, config, now });
    const product = servesApi
      ? await registerProductApi(http, { config, store, log, ...services, clock })
      : undefined;
    if (product)
      await registerCampaigns(http, {
        config,
        product,
        ...(services.fetch ? { fetch: services.fetch } : {}),
      });
    const imGateway = await attachImGateway({
      http,
      store,
      bus,
      log,
      config,
      verifier: imAccounts,
      uploadTickets,
      clock,
      links: servesLinks,
      nimChatroomLink: chatrooms.service,
    });
    chatrooms.attach(http, imGateway.gateway, { links: servesLinks });
    const imMessaging = registerMessaging({
      store,
      im: imGateway,
      recallWindowSeconds: config.imRecallWindowSeconds,
      quotas: { messagesPerDay: config.imMessagesPerDay, bytesPerDay: config.imMessageBytesPerDay },
      searchBounds: {
        windowMs: config.imSearchWindowDays * 86_400_000,
        maxScanRows: config.imSearchMaxScanRows,
      },
    });
    imMessaging.guards.push(mutedSenderGuard(imAccounts));
    const people = registerPeople({ store, im: imGateway, messaging: imMessaging });
    const events = registerEvents({
      store,
      im: imGateway,
      limits: {
        eventsPerAccount: config.imEventsPerAccount,
        subscriptionsPerAccount: config.imEventSubscriptionsPerAccount,
      },
    });
    const broadcasts = registerBroadcasts({
      store,
      im: imGateway,
      http,
      accounts: imAccounts,
      log,
      messaging: imMessaging,
    });
    const loginEvents = registerLoginEvents({
      store,
      gateway: imGateway.gateway,
      http,
      accounts: imAccounts,
      log,
    });
    // The files part starts after the server API's scope; its upload actions find it then.
    const imFiles: { service?: FileService } = {};
    // The server API after messaging, people and events: its actions act through them.
    if (servesApi)
      await registerImRest(http, {
        accounts: imAccounts,
        store,
        requireBodySignature: config.imRestRequireBodySignature,
        now,
        actions: [
          chatrooms.restActions,
          antispamRestActions(store.db, now),
          messageRestActions(imMessaging, imAccounts, now),
          people.restActions,
          events.restActions,
          historyRestActions(imMessaging, imAccounts),
          attachMsgRestActions(imGateway.gateway, imAccounts, now),
          recallRestAction(store.db, imGateway.gateway, imAccounts, now),
          deleteRestActions({
            db: store.db,
            gateway: imGateway.gateway,
            scenes: imMessaging.scenes,
            accounts: imAccounts,
            now,
          }),
          teamRestActions({ db: store.db, gateway: imGateway.gateway, accounts: imAccounts, now }),
          superTeamRestActions({
            db: store.db,
            gateway: imGateway.gateway,
            accounts: imAccounts,
            now,
          }),
          broadcasts.restActions,
          loginEvents.restActions,
          uploadRestActions(() => imFiles.service),
        ],
      });
    const copier = registerMessageCopies({
      store,
      log,
      config,
      messaging: imMessaging,
      gateway: imGateway.gateway,
      people,
      chatroomRooms: chatrooms.service.rooms,
      secretOf: async (appKey) => (await imAccounts.getApp(appKey))?.secret,
      now,
    });
    registerTeams({
      store,
      im: imGateway,
      messaging: imMessaging,
      people,
      customSysMsgFanoutPerSecond: config.imTeamSysMsgFanoutPerSecond,
    });
    registerPushSettings({ store, im: imGateway });
    registerSignal({
      store,
      im: imGateway,
      messaging: imMessaging,
      http,
      log,
      ...(services.imSignalLimits && { limits: services.imSignalLimits }),
      avMuted: async ({ appKey, accid }) =>
        (await imAccounts.settings(appKey, accid))?.muteAv ?? false,
    });
    const safeUrls = registerSafeUrls({ store, im: imGateway });
    const files = await registerFiles({
      http,
      im: imGateway,
      store,
      safeUrls,
      config,
      log,
    });
    imFiles.service = files;
    if (product) {
      await registerForms(http, { config, product, files });
      await registerPrizeImages(http, { config, product }, files);
      const shoppers = await registerChat(http, {
        product,
        accounts: imAccounts,
        appKey: seeded.appKey,
      });
      await registerPostoffice(http, { config, product, files });
      await registerLive(http, { config, product, shoppers, chatrooms });
      await registerCustomerService(http, {
        config,
        product,
        shoppers,
        gateway: imGateway.gateway,
        appKey: seeded.appKey,
        files,
      });
    }
    registerExtras({
      store,
      im: imGateway,
      scenes: imMessaging.scenes,
      writeGuards: imMessaging.writeGuards,
      collectsPerAccount: config.imCollectsPerAccount,
    });
    if (servesApi) await registerWebApp(http, config.webDist, config.adminDist);
    phase('registered');
    await http.ready();
    phase('ready');

    return {
      config,
      http,
      store,
      bus,
      log,
      seeded,
      imAccounts,
      imGateway,
      imMessaging,
      safeUrls,
      files,
      uploadTickets,
      routes,
      chatrooms,
      startPhases,
      close: () =>
        closeInSteps(log, [
          ['message copies', () => copier?.close()],
          ['chatrooms', () => chatrooms.close()],
          ['IM gateway', () => imGateway.close()],
          // The kicked links had the gateway's close to answer their close frames; the rest are cut.
          [
            'links',
            async () => {
              const cut = (await upgraded?.closeWithin(LINK_CLOSE_GRACE_MS)) ?? 0;
              if (cut > 0) log.info({ cut }, 'links that had not closed were cut');
            },
          ],
          ['HTTP', () => closeHttpWithin(http, config.shutdownGraceMs)],
          ['bus', () => liveBus.close()],
          ['store', () => store.close()],
        ]),
    };
  } catch (error) {
    await chatroomsStarted?.close().catch(() => {});
    await started?.close().catch(() => {});
    await bus?.close();
    await store.close();
    throw error;
  }
}
