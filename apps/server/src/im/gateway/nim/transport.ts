// The transports the official NIM Web SDK speaks. socket.io 0.9: a handshake GET that hands out
// a session id (`sid:heartbeat:close:transports`), then a WebSocket at
// /socket.io/1/websocket/<sid> or, where WebSocket fails, xhr-polling at
// /socket.io/1/xhr-polling/<sid> (polling.ts). NIM's binary link: a WebSocket at /websocket.
// See docs/nim-compatibility.md.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { allowAnyOrigin } from './cors.ts';
import { PollingWire } from './polling.ts';

export const HANDSHAKE_PATH = '/socket.io/1/';
const WEBSOCKET_PREFIX = '/socket.io/1/websocket/';
/** NIM's binary link (the browser builds' default): a plain WebSocket, no handshake. */
export const BINARY_PATH = '/websocket';
const POLLING_PATH = '/socket.io/1/xhr-polling/:sid';
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
  /** A WebSocket of NIM's binary link opened. */
  onBinarySocket(ws: WebSocket, request: IncomingMessage): void;
  /** A polling session opened (its first poll); it may be closed at once (the socket cap). */
  onPolling(wire: PollingWire, request: IncomingMessage): void;
  /** The largest POST body of a polling client (the frame limit). */
  maxPollBodyBytes: number;
}

export function attachNimTransport(
  http: FastifyInstance,
  options: NimTransportOptions,
): () => void {
  const pending = new Map<string, number>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });

  http.get(HANDSHAKE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain');
    allowAnyOrigin(request, reply);
    if (!options.admits(request.raw)) return reply.code(503).send('too many connections');
    const now = performance.now();
    for (const [sid, expires] of pending) {
      if (expires > now && pending.size < MAX_PENDING) break;
      pending.delete(sid);
    }
    const sid = randomBytes(16).toString('base64url');
    pending.set(sid, now + HANDSHAKE_TTL_MS);
    return `${sid}:${options.heartbeatSeconds}:${options.closeSeconds}:websocket,xhr-polling`;
  });

  /** A handshake's session id, used once: whether it was outstanding and fresh. */
  const takePending = (sid: string) => {
    const expires = pending.get(sid);
    pending.delete(sid);
    return expires !== undefined && expires >= performance.now();
  };

  // xhr-polling: the first poll of a handshake's session id opens the session.
  const polling = new Map<string, PollingWire>();
  /** A refusal as every HTTP route of ours answers one: `{code, message}`. */
  const refuse = (reply: FastifyReply, code: number, message: string) =>
    reply.code(code).type('application/json').send({ code, message });
  const sessionOf = (sid: string) => polling.get(sid);
  http.get<{ Params: { sid: string } }>(POLLING_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    allowAnyOrigin(request, reply);
    const { sid } = request.params;
    let wire = sessionOf(sid);
    if (!wire) {
      if (!takePending(sid) || !options.admits(request.raw))
        return refuse(reply, 403, 'unknown or expired session');
      const opened = new PollingWire(options.closeSeconds * 1000);
      polling.set(sid, opened);
      opened.onClose(() => polling.delete(sid));
      options.onPolling(opened, request.raw);
      wire = opened;
    }
    return wire.poll();
  });
  http.post<{ Params: { sid: string }; Body: string }>(
    POLLING_PATH,
    { bodyLimit: options.maxPollBodyBytes },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      allowAnyOrigin(request, reply);
      const wire = sessionOf(request.params.sid);
      if (!wire || wire.isClosed) return refuse(reply, 403, 'unknown or expired session');
      if (typeof request.body !== 'string' || !wire.post(request.body))
        return refuse(reply, 400, 'unreadable payload');
      return '1';
    },
  );

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?', 1)[0]!;
    if (path === BINARY_PATH) {
      if (!options.admits(request))
        return void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      wss.handleUpgrade(request, socket, head, (ws) => options.onBinarySocket(ws, request));
      return;
    }
    // Other upgrades (the Engine.IO links) are theirs to answer.
    if (!path.startsWith(WEBSOCKET_PREFIX)) return;
    const sid = path.slice(WEBSOCKET_PREFIX.length);
    if (!takePending(sid) || !options.admits(request)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => options.onSocket(ws, request));
  };
  http.server.on('upgrade', onUpgrade);
  return () => {
    http.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    for (const wire of polling.values()) wire.close();
    wss.close();
  };
}
