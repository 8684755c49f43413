// Chatrooms as their own service on their own link (docs/im-chatroom.md): an Engine.IO endpoint
// at CHATROOM_LINK_PATH speaking the chatroom commands, getChatroomAddress on the IM link, and
// the /nimserver/chatroom actions.
import { Server as EngineServer, type Socket } from 'engine.io';
import type { FastifyInstance } from 'fastify';
import { CHATROOM_LINK_PATH, MAX_FRAME_BYTES } from '@morsel/protocol';
import type { Bus } from '../../bus/index.ts';
import { parseTrustProxy, type Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import {
  clientAddressResolver,
  CommandError,
  ImConnection,
  SocketsPerAddress,
  type Gateway,
  type LoginVerifier,
} from '../gateway/index.ts';
import type { NimActions } from '../rest/index.ts';
import { chatroomHandlers, parseRoomId } from './handlers.ts';
import { chatroomRestActions } from './rest.ts';
import { ChatroomService } from './service.ts';
import { ChatroomStore } from './store.ts';
import { ChatroomTagStore } from './tag-store.ts';

export { ChatroomStore } from './store.ts';
export type { ChatroomService } from './service.ts';
export type { ChatroomSent } from './rooms.ts';
export type { MemberRow as ChatroomMemberRow } from './store.ts';

export interface ChatroomDeps {
  store: Store;
  bus: Bus;
  log: Logger;
  config: Config;
  verifier: LoginVerifier;
  /** The server's one clock. */
  now: () => number;
}

export interface Chatrooms {
  readonly service: ChatroomService;
  /** The /nimserver/chatroom actions, for the REST API's signed scope. */
  readonly restActions: NimActions;
  /** The chatroom link's addresses (what getChatroomAddress and requestAddr answer). */
  addresses(): string[];
  /** Serves the chatroom link on the HTTP server and answers getChatroomAddress on the IM link. */
  /** Serves getChatroomAddress on the IM link and, unless `links` is false, the chatroom link. */
  attach(http: FastifyInstance, gateway: Gateway, options?: { links: boolean }): void;
  close(): Promise<void>;
}

export function createChatrooms(deps: ChatroomDeps): Chatrooms {
  const { config, log } = deps;
  const service = new ChatroomService({
    store: new ChatroomStore(deps.store.db, deps.now),
    tagStore: new ChatroomTagStore(deps.store.db),
    now: deps.now,
    bus: deps.bus,
    log,
    verifier: deps.verifier,
    frequency: {
      perSecond: config.imCommandsPerSecond,
      blockSeconds: config.imFrequencyBlockSeconds,
    },
    messagesPerSecond: config.imChatroomMessagesPerSecond,
    processTtlMs: config.imChatroomProcessTtlSeconds * 1000,
  }).use(chatroomHandlers);
  let http: FastifyInstance | undefined;
  let engine: EngineServer | undefined;

  /** Configured addresses, else the public URL, else the address this server is bound to. */
  const addresses = (): string[] => {
    if (config.imLinkAddresses) return config.imLinkAddresses.split(',');
    if (config.publicUrl) return [config.publicUrl.replace(/\/+$/, '')];
    const bound = http?.server.address();
    if (!bound || typeof bound === 'string') return [];
    const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
    return [`http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${bound.port}`];
  };

  return {
    service,
    restActions: chatroomRestActions(service, addresses),
    addresses,
    attach(server, gateway, options = { links: true }) {
      http = server;
      service.loginThrottle = gateway.loginThrottle;
      service.start().catch((err) => log.error({ err }, 'chatroom online counts: start failed'));
      gateway.use({
        async getChatroomAddress({ session }, { chatroomId }) {
          const list = addresses();
          if (!service.available || list.length === 0)
            throw new CommandError(415, 'no chatroom server is available');
          const ref = { appKey: session.appKey, roomId: parseRoomId(chatroomId) };
          await service.rooms.openRoom(ref);
          // The same checks as entering: an address is no use to an account that may not enter.
          const member = await service.store.member({ ...ref, accid: session.accid });
          if (member?.blacked) throw new CommandError(13003, 'in the chatroom blacklist');
          return { address: list };
        },
      });
      if (!options.links) return;
      const clientAddressOf = clientAddressResolver(parseTrustProxy(config.trustProxy));
      const sockets = new SocketsPerAddress(config.imMaxSocketsPerAddress);
      const limits = {
        loginTimeoutMs: config.imLoginTimeoutMs,
        handlerTimeoutMs: config.imHandlerTimeoutMs,
        queueMaxBytes: config.imQueueMaxBytes,
      };
      engine = new EngineServer({
        maxHttpBufferSize: MAX_FRAME_BYTES,
        transports: ['polling', 'websocket'],
        pingInterval: 25_000,
        pingTimeout: 20_000,
        cors: { origin: true },
        allowRequest: (request, callback) => {
          if (sockets.hasRoom(clientAddressOf(request))) return callback(null, true);
          callback(`too many connections from this address (at most ${sockets.max})`, false);
        },
      });
      engine.attach(server.server, { path: CHATROOM_LINK_PATH });
      engine.on('connection', (socket: Socket) => {
        const address = clientAddressOf(socket.request);
        if (!sockets.add(address)) return socket.close();
        socket.on('close', () => sockets.remove(address));
        const connection = new ImConnection(socket, service, log, limits, address, 'chatroom');
        service.opened(connection);
        (socket as { request: unknown }).request = null;
      });
    },
    async close() {
      await service.close();
      engine?.close();
    },
  };
}
