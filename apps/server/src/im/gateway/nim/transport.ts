// The socket.io 0.9 transport the official NIM Web SDK speaks: a handshake GET that hands out a
// session id (`sid:heartbeat:close:transports`), then a WebSocket at
// /socket.io/1/websocket/<sid>. Only the websocket transport is offered; the SDK takes it
// whenever WebSocket exists (browsers, Node, mini-programs), see docs/nim-compatibility.md.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';

export const HANDSHAKE_PATH = '/socket.io/1/';
const WEBSOCKET_PREFIX = '/socket.io/1/websocket/';
/** A handshake's session id must be used within this time, and only once. */
const HANDSHAKE_TTL_MS = 30_000;
/** Outstanding handshakes kept at most (each is a few bytes; a flood ages out). */
const MAX_PENDING = 50_000;

export interface NimTransportOptions {
  heartbeatSeconds: number;
  closeSeconds: number;
  maxPayloadBytes: number;
  /** Whether this address may open another socket (the gateway's per-address cap). */
  admits(request: IncomingMessage): boolean;
  onSocket(ws: WebSocket, request: IncomingMessage): void;
}

export function attachNimTransport(
  http: FastifyInstance,
  options: NimTransportOptions,
): () => void {
  const pending = new Map<string, number>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });

  http.get(HANDSHAKE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain');
    if (!options.admits(request.raw)) return reply.code(503).send('too many connections');
    const now = performance.now();
    for (const [sid, expires] of pending) {
      if (expires > now && pending.size < MAX_PENDING) break;
      pending.delete(sid);
    }
    const sid = randomBytes(16).toString('base64url');
    pending.set(sid, now + HANDSHAKE_TTL_MS);
    return `${sid}:${options.heartbeatSeconds}:${options.closeSeconds}:websocket`;
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?', 1)[0]!;
    // Other upgrades (the Engine.IO links) are theirs to answer.
    if (!path.startsWith(WEBSOCKET_PREFIX)) return;
    const sid = path.slice(WEBSOCKET_PREFIX.length);
    const expires = pending.get(sid);
    pending.delete(sid);
    if (expires === undefined || expires < performance.now() || !options.admits(request)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => options.onSocket(ws, request));
  };
  http.server.on('upgrade', onUpgrade);
  return () => {
    http.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
