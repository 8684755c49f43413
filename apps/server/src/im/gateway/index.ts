// Attaches the IM gateway to the server: Engine.IO (websocket with long-polling fallback) on
// LINK_PATH, the load-balancing endpoint, presence and the command handlers.
import { Server as EngineServer, type Socket } from 'engine.io';
import type { FastifyInstance } from 'fastify';
import { MAX_FRAME_BYTES } from '@morsel/protocol';
import type { Bus } from '../../bus/index.ts';
import type { Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import { ImConnection } from './connection.ts';
import { Gateway, type LoginVerifier } from './gateway.ts';
import { authHandlers } from './handlers/auth.ts';
import { linkHandlers } from './handlers/link.ts';
import { SyncSources } from './handlers/sync.ts';
import { LINK_PATH, registerLbs } from './lbs.ts';
import { MemoryPresence, RedisPresence, type Presence } from './presence.ts';

export { Gateway, kickConnections, type LoginVerifier } from './gateway.ts';
export { LBS_PATH, LINK_PATH } from './lbs.ts';
export type { Session } from './connection.ts';
export { CommandError } from './errors.ts';
export type { SyncSources } from './handlers/sync.ts';
export type { HandlerContext, HandlerTable } from './handlers/types.ts';
export type { AccountKey } from './ports.ts';

export interface ImGatewayDeps {
  http: FastifyInstance;
  store: Store;
  bus: Bus;
  log: Logger;
  config: Config;
  verifier: LoginVerifier;
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
  const presence: Presence = config.redisUrl
    ? await RedisPresence.connect(config.redisUrl, config.redisPrefix)
    : new MemoryPresence();
  const syncSources = new SyncSources();
  const gateway = new Gateway({
    bus: deps.bus,
    presence,
    verifier: deps.verifier,
    log,
    frequency: { perSecond: config.imCommandsPerSecond, blockSeconds: config.imFrequencyBlockSeconds },
  })
    .use(linkHandlers)
    .use(authHandlers)
    .use(syncSources.handlers());

  const engine = new EngineServer({
    maxHttpBufferSize: MAX_FRAME_BYTES,
    transports: ['polling', 'websocket'],
    pingInterval: 25_000,
    pingTimeout: 20_000,
    cors: { origin: true },
  });
  engine.attach(http.server, { path: LINK_PATH });
  engine.on('connection', (socket: Socket) => {
    const connection = new ImConnection(socket, gateway, log, config.imLoginTimeoutMs, config.imHandlerTimeoutMs);
    gateway.opened(connection);
    // Engine.IO keeps the handshake's HTTP request for the socket's lifetime; the connection has
    // read what it needs (the client address), and dropping it saves about 4 kB per connection
    // (Socket.IO's memory-usage guide recommends the same).
    (socket as { request: unknown }).request = null;
  });

  registerLbs(http, {
    store: deps.store,
    ...(config.imLinkAddresses && { linkAddresses: config.imLinkAddresses.split(',') }),
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  });

  const refresher =
    presence instanceof RedisPresence
      ? setInterval(() => {
          presence.refresh(gateway.localPorts()).catch((err) => log.warn({ err }, 'presence refresh failed'));
        }, PRESENCE_REFRESH_MS)
      : undefined;
  refresher?.unref();

  return {
    gateway,
    syncSources,
    async close() {
      if (refresher) clearInterval(refresher);
      gateway.shutdown();
      engine.close();
      // Sockets report their close on later ticks; their clean-up still needs the store.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await gateway.drain();
      await presence.close();
    },
  };
}
