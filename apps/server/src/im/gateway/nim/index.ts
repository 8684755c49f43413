// The NIM dialect (docs/nim-compatibility.md): the official NIM Web SDK's load balancer and
// socket.io 0.9 link and binary link, turned into ordinary connections of our gateway.
import type { FastifyInstance } from 'fastify';
import { MAX_FRAME_BYTES } from '@morsel/protocol';
import type { Logger } from '../../../log.ts';
import type { Store } from '../../../store/index.ts';
import type { Gateway } from '../gateway.ts';
import { ImConnection, type CommandRunner, type ConnectionLimits } from '../connection.ts';
import type { SocketsPerAddress } from '../addresses.ts';
import type { IncomingMessage } from 'node:http';
import { NimSocket } from './nim-socket.ts';
import { attachNimTransport } from './transport.ts';
import { binaryWebsocketWire, websocketWire, type NimWire } from './wire.ts';
import type { NimFraming } from './framing.ts';
import { socketIoFraming } from './socketio-framing.ts';
import { binaryFraming } from './binary-framing.ts';
import { registerNimLbs } from './lbs.ts';
import type { LbsOptions } from '../lbs.ts';

export { NIM_LBS_PATH } from './lbs.ts';
export { HANDSHAKE_PATH as NIM_HANDSHAKE_PATH } from './transport.ts';

const HEARTBEAT_SECONDS = 25;
const CLOSE_SECONDS = 60;

/** The chatroom service: NIM's Chatroom SDK reaches it through this link (its first command). */
export interface NimChatroomLink extends CommandRunner {
  opened(connection: ImConnection): void;
}

export interface NimDialectDeps {
  gateway: Gateway;
  log: Logger;
  store: Store;
  limits: ConnectionLimits;
  sockets: SocketsPerAddress;
  clientAddressOf(request: IncomingMessage): string;
  linkAddresses?: string[];
  publicUrl?: string;
  liveGateways?: LbsOptions['liveGateways'];
  /** Where a socket whose first command is the chatroom login goes; absent: it is refused. */
  chatroomLink?: NimChatroomLink;
  /** False: serve the load balancer only, no link (MORSEL_ROLE=api). */
  links?: boolean;
}

/** Serves NIM's load balancer and link; returns what closes the link's sockets. */
export function attachNimDialect(http: FastifyInstance, deps: NimDialectDeps): () => void {
  registerNimLbs(http, {
    store: deps.store,
    ...(deps.liveGateways && { liveGateways: deps.liveGateways }),
    ...(deps.linkAddresses && { linkAddresses: deps.linkAddresses }),
    ...(deps.publicUrl && { publicUrl: deps.publicUrl }),
  });
  if (deps.links === false) return () => {};
  return attachNimTransport(http, {
    heartbeatSeconds: HEARTBEAT_SECONDS,
    closeSeconds: CLOSE_SECONDS,
    maxPayloadBytes: MAX_FRAME_BYTES,
    admits: (request) => deps.sockets.hasRoom(deps.clientAddressOf(request)),
    maxPollBodyBytes: MAX_FRAME_BYTES,
    onSocket: (ws, request) => opened(websocketWire(ws), socketIoFraming, request),
    onBinarySocket: (ws, request) => opened(binaryWebsocketWire(ws), binaryFraming, request),
    onPolling: (wire, request) => opened(wire, socketIoFraming, request),
  });

  function opened<D extends string | Uint8Array>(
    wire: NimWire<D>,
    framing: NimFraming<D>,
    request: IncomingMessage,
  ) {
    const address = deps.clientAddressOf(request);
    const socket = new NimSocket(wire, framing, deps.log, {
      heartbeatMs: HEARTBEAT_SECONDS * 1000,
      closeMs: CLOSE_SECONDS * 1000,
    });
    if (!deps.sockets.add(address)) return socket.close();
    socket.on('close', () => deps.sockets.remove(address));
    // The connection is made by the first command, which says which link this is; a socket
    // that sends none is closed as a connection that never logs in would be.
    const silent = setTimeout(() => socket.close(), deps.limits.loginTimeoutMs);
    silent.unref();
    socket.on('close', () => clearTimeout(silent));
    socket.once('link', (link: 'im' | 'chatroom') => {
      clearTimeout(silent);
      const { log, limits, gateway, chatroomLink } = deps;
      if (link === 'im')
        return gateway.opened(new ImConnection(socket, gateway, log, limits, address));
      if (!chatroomLink) return socket.close();
      chatroomLink.opened(new ImConnection(socket, chatroomLink, log, limits, address, 'chatroom'));
    });
  }
}
