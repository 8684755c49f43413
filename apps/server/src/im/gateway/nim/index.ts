// The NIM dialect (docs/nim-compatibility.md): the official NIM Web SDK's load balancer and
// socket.io 0.9 link, turned into ordinary connections of our gateway.
import type { FastifyInstance } from 'fastify';
import { MAX_FRAME_BYTES } from '@morsel/protocol';
import type { Logger } from '../../../log.ts';
import type { Store } from '../../../store/index.ts';
import type { Gateway } from '../gateway.ts';
import { ImConnection, type ConnectionLimits } from '../connection.ts';
import type { SocketsPerAddress } from '../addresses.ts';
import type { IncomingMessage } from 'node:http';
import { NimSocket } from './nim-socket.ts';
import { attachNimTransport } from './transport.ts';
import { registerNimLbs } from './lbs.ts';

export { NIM_LBS_PATH } from './lbs.ts';
export { HANDSHAKE_PATH as NIM_HANDSHAKE_PATH } from './transport.ts';

const HEARTBEAT_SECONDS = 25;
const CLOSE_SECONDS = 60;

export interface NimDialectDeps {
  gateway: Gateway;
  log: Logger;
  store: Store;
  limits: ConnectionLimits;
  sockets: SocketsPerAddress;
  clientAddressOf(request: IncomingMessage): string;
  linkAddresses?: string[];
  publicUrl?: string;
}

/** Serves NIM's load balancer and link; returns what closes the link's sockets. */
export function attachNimDialect(http: FastifyInstance, deps: NimDialectDeps): () => void {
  registerNimLbs(http, {
    store: deps.store,
    ...(deps.linkAddresses && { linkAddresses: deps.linkAddresses }),
    ...(deps.publicUrl && { publicUrl: deps.publicUrl }),
  });
  return attachNimTransport(http, {
    heartbeatSeconds: HEARTBEAT_SECONDS,
    closeSeconds: CLOSE_SECONDS,
    maxPayloadBytes: MAX_FRAME_BYTES,
    admits: (request) => deps.sockets.hasRoom(deps.clientAddressOf(request)),
    onSocket(ws, request) {
      const address = deps.clientAddressOf(request);
      const socket = new NimSocket(ws, deps.log, {
        heartbeatMs: HEARTBEAT_SECONDS * 1000,
        closeMs: CLOSE_SECONDS * 1000,
      });
      if (!deps.sockets.add(address)) return socket.close();
      socket.on('close', () => deps.sockets.remove(address));
      deps.gateway.opened(new ImConnection(socket, deps.gateway, deps.log, deps.limits, address));
    },
  });
}
