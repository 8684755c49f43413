// Attaches the IM gateway to the server: Engine.IO (websocket with long-polling fallback) on
// LINK_PATH, the load-balancing endpoint, presence and the command handlers.
import type { Clock } from '../../clock.ts';
import { Server as EngineServer, type Socket } from 'engine.io';
import { attachNimDialect } from './nim/index.ts';
import type { FastifyInstance } from 'fastify';
import { MAX_FRAME_BYTES } from '@morsel/protocol';
import type { Bus } from '../../bus/index.ts';
import { parseTrustProxy, type Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import { clientAddressResolver, SocketsPerAddress } from './addresses.ts';
import { ImConnection } from './connection.ts';
import { Gateway, type LoginVerifier, type UploadTicketIssuer } from './gateway.ts';
import { authHandlers } from './handlers/auth.ts';
import { linkHandlers } from './handlers/link.ts';
import { SyncSources } from './handlers/sync.ts';
import { LINK_PATH, registerLbs } from './lbs.ts';
import { openPresence } from './presence/index.ts';

export { Gateway, kickConnections, type LoginVerifier } from './gateway.ts';
export { LBS_PATH, LINK_PATH, UPLOAD_PATH } from './lbs.ts';
export type { Session } from './connection.ts';
export { CommandError } from './errors.ts';
export type { SyncSources } from './handlers/sync.ts';
export type { HandlerContext, HandlerTable } from './handlers/types.ts';
export type { AccountKey } from './ports.ts';
export { newest, pushInChunks } from './sync-push.ts';
export { FrequencyControl, type FrequencyLimits } from './frequency.ts';
export { LoginThrottle, loginThrottleKey } from './login-throttle.ts';
export { ImConnection, type CommandRunner, type ConnectionLimits } from './connection.ts';
export { clientAddressResolver, SocketsPerAddress } from './addresses.ts';
export { pushFrame } from './push-frame.ts';

export interface ImGatewayDeps {
  http: FastifyInstance;
  store: Store;
  bus: Bus;
  log: Logger;
  config: Config;
  verifier: LoginVerifier;
  uploadTickets?: UploadTicketIssuer;
  /** The app's one clock: handlers read it as `now()`, features as `gateway.now`. */
  clock: Clock;
}

export interface ImGateway {
  readonly gateway: Gateway;
  /** Features register what they stream during a client's sync here. */
  readonly syncSources: SyncSources;
  /** Tells every client to reconnect elsewhere, then stops accepting connections. */
  close(): Promise<void>;
}

const PRESENCE_REFRESH_MS = 30_000;

export async function attachImGateway(deps: ImGatewayDeps): Promise<ImGateway> {
  const { http, config, log } = deps;
  const presence = await openPresence({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  const syncSources = new SyncSources(log);
  const gateway = new Gateway({
    bus: deps.bus,
    presence,
    verifier: deps.verifier,
    ...(deps.uploadTickets && { uploadTickets: deps.uploadTickets }),
    log,
    frequency: {
      perSecond: config.imCommandsPerSecond,
      blockSeconds: config.imFrequencyBlockSeconds,
    },
    loginThrottle: {
      accountFailures: config.imLoginFailuresPerAccount,
      addressFailures: config.imLoginFailuresPerAddress,
      maxBlockSeconds: config.imLoginBackoffMaxSeconds,
    },
    maxConnectionsPerAccount: config.imMaxConnectionsPerAccount,
    clock: deps.clock,
  })
    .use(linkHandlers)
    .use(authHandlers)
    .use(syncSources.handlers());
  // Publishes lost while the bus was reconnecting: the clients pull what they carried.
  deps.bus.onReconnect(() =>
    log.warn({ nudged: gateway.nudgeSync() }, 'bus reconnected: connections asked to sync again'),
  );

  const clientAddressOf = clientAddressResolver(parseTrustProxy(config.trustProxy));
  const engine = new EngineServer({
    maxHttpBufferSize: MAX_FRAME_BYTES,
    transports: ['polling', 'websocket'],
    pingInterval: 25_000,
    pingTimeout: 20_000,
    cors: { origin: true },
    // Only handshakes come here: an address at its cap is refused before a socket exists.
    allowRequest: (request, callback) => {
      const address = clientAddressOf(request);
      if (sockets.hasRoom(address)) return callback(null, true);
      // debug, not warn: a flood of refused handshakes must not become a flood of log lines.
      log.debug(
        { address, max: sockets.max },
        'IM handshake refused: too many sockets from this address',
      );
      callback(`too many connections from this address (at most ${sockets.max})`, false);
    },
  });
  const sockets = new SocketsPerAddress(config.imMaxSocketsPerAddress);
  const limits = {
    loginTimeoutMs: config.imLoginTimeoutMs,
    handlerTimeoutMs: config.imHandlerTimeoutMs,
    queueMaxBytes: config.imQueueMaxBytes,
  };
  engine.attach(http.server, { path: LINK_PATH });
  engine.on('connection', (socket: Socket) => {
    const address = clientAddressOf(socket.request);
    // Handshakes racing past allowRequest together are caught here, once they are counted.
    if (!sockets.add(address)) return socket.close();
    socket.on('close', () => sockets.remove(address));
    const connection = new ImConnection(socket, gateway, log, limits, address);
    gateway.opened(connection);
    // Engine.IO keeps the handshake's HTTP request for the socket's lifetime; the connection has
    // read what it needs (the client address), and dropping it saves about 4 kB per connection
    // (Socket.IO's memory-usage guide recommends the same).
    (socket as { request: unknown }).request = null;
  });

  const linkAddresses = config.imLinkAddresses?.split(',');
  registerLbs(http, {
    now: gateway.now,
    store: deps.store,
    ...(linkAddresses && { linkAddresses }),
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  });
  // The official NIM Web SDK's load balancer and link, into the same gateway (docs/nim-compatibility.md).
  const closeNimLink = attachNimDialect(http, {
    gateway,
    log,
    store: deps.store,
    limits,
    sockets,
    clientAddressOf,
    ...(linkAddresses && { linkAddresses }),
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  });

  // Every engine is vouched to alike; one that expires nothing (memory) makes this a no-op.
  const refresher = setInterval(() => {
    presence
      .refresh(gateway.localPorts())
      .catch((err) => log.warn({ err }, 'presence refresh failed'));
  }, PRESENCE_REFRESH_MS);
  refresher.unref();

  return {
    gateway,
    syncSources,
    async close() {
      clearInterval(refresher);
      gateway.shutdown();
      engine.close();
      closeNimLink();
      // Sockets report their close on later ticks; their clean-up still needs the store.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await gateway.drain();
      await presence.close();
    },
  };
}
