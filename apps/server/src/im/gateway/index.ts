// Attaches the IM gateway to the server: Engine.IO (websocket with long-polling fallback) on
// LINK_PATH, the load-balancing endpoint, presence and the command handlers.
import type { Clock } from '../../clock.ts';
import { Server as EngineServer, type Socket } from 'engine.io';
import { attachNimDialect, type NimChatroomLink } from './nim/index.ts';
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
import { orderFor, RedisGatewayRegistry, type GatewayRegistry } from './registry/index.ts';
import { RedisFrequencyCounts } from './shared-frequency.ts';

export { Gateway, kickConnections, type LoginVerifier } from './gateway.ts';
export { LBS_PATH, LINK_PATH, UPLOAD_PATH } from './lbs.ts';
export type { Session } from './connection.ts';
export { CommandError } from './errors.ts';
export type { SyncSources, SyncProbe, SyncProbeParams } from './handlers/sync.ts';
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
  /** False in a process without IM links (MORSEL_ROLE=api): the handlers serve only in-process calls. */
  links?: boolean;
  /** The chatroom service, for NIM's Chatroom SDK on the NIM link (docs/nim-compatibility.md). */
  nimChatroomLink?: NimChatroomLink;
}

export interface ImGateway {
  readonly gateway: Gateway;
  /** Features register what they stream during a client's sync here. */
  readonly syncSources: SyncSources;
  /**
   * Stops taking connections and withdraws this gateway from the load balancer, tells every
   * client to reconnect elsewhere (silently), lets commands in flight finish, then closes.
   */
  close(): Promise<void>;
}

const PRESENCE_REFRESH_MS = 30_000;

export async function attachImGateway(deps: ImGatewayDeps): Promise<ImGateway> {
  const { http, config, log } = deps;
  const presence = await openPresence({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  // With Redis there may be several gateways: each announces itself for the load balancer.
  const registry: GatewayRegistry | undefined = config.redisUrl
    ? await RedisGatewayRegistry.connect(config.redisUrl, config.redisPrefix)
    : undefined;
  const sharedFrequency = config.redisUrl
    ? await RedisFrequencyCounts.connect(config.redisUrl, config.redisPrefix)
    : undefined;
  let closing = false;
  const syncSources = new SyncSources(log, deps.store.db);
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
    ...(sharedFrequency && { sharedFrequency }),
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
      if (closing) return callback('this gateway is shutting down', false);
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
  const links = deps.links ?? true;
  if (links) engine.attach(http.server, { path: LINK_PATH });
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
  /** The address this process announces: configured, else public, else the one it is bound to. */
  const ownAddress = (): string | undefined => {
    const configured = config.imGatewayUrl ?? config.publicUrl;
    if (configured) return configured.replace(/\/+$/, '');
    const bound = http.server.address();
    if (!bound || typeof bound === 'string') return undefined;
    const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
    return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${bound.port}`;
  };
  const beat = () => {
    const address = ownAddress();
    if (!registry || !links || !address || closing) return;
    registry.beat(address).catch((err) => log.warn({ err }, 'gateway heartbeat failed'));
  };
  http.server.once('listening', beat);
  const heartbeat = setInterval(beat, RedisGatewayRegistry.HEARTBEAT_MS);
  heartbeat.unref();
  /** Live gateways in the account's order; undefined when addresses are configured or unknown. */
  const liveGateways =
    registry && !linkAddresses
      ? async (account: string) => {
          const live = await registry.live();
          return live.length > 0 ? orderFor(account, live) : undefined;
        }
      : undefined;
  registerLbs(http, {
    ...(liveGateways && { liveGateways }),
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
    links,
    ...(deps.nimChatroomLink && { chatroomLink: deps.nimChatroomLink }),
    ...(liveGateways && { liveGateways }),
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
      closing = true;
      clearInterval(refresher);
      clearInterval(heartbeat);
      const address = ownAddress();
      if (registry && links && address)
        await registry.leave(address).catch((err) => log.warn({ err }, 'gateway leave failed'));
      await gateway.shutdown();
      engine.close();
      closeNimLink();
      // Sockets report their close on later ticks; their clean-up still needs the store.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await gateway.drain();
      await presence.close();
      await registry?.close();
      sharedFrequency?.close();
    },
  };
}
