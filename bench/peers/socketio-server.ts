// The Socket.IO peer: what a Node developer would write instead of an IM gateway. A plain
// Socket.IO 4 server with a token-check auth middleware, a room per user (for delivery to the
// user's devices), an acknowledged heartbeat event, a one-to-one relay event and room
// broadcast. Run as its own process by the bench:
//   PORT, BENCH_SIO_SECRET, BENCH_SIO_ACCOUNTS (accounts bench0..N-1, tokens derived below).
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Server } from 'socket.io';
import { peerAccid, peerToken } from './socketio-accounts.ts';

const port = Number(process.env.PORT);
const secret = process.env.BENCH_SIO_SECRET ?? '';
const accountCount = Number(process.env.BENCH_SIO_ACCOUNTS ?? 0);
if (!port || !secret) throw new Error('PORT and BENCH_SIO_SECRET are required');

// The account store a real app would have (our server keeps its accounts in SQLite).
const tokens = new Map<string, Buffer>();
for (let i = 0; i < accountCount; i++)
  tokens.set(peerAccid(i), Buffer.from(peerToken(secret, peerAccid(i))));

const httpServer = http.createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  } else {
    response.writeHead(404).end();
  }
});

// The same Engine.IO heartbeat settings as the Morsel gateway.
const io = new Server(httpServer, {
  pingInterval: 25_000,
  pingTimeout: 20_000,
  maxHttpBufferSize: 1024 * 1024,
});

io.use((socket, next) => {
  const { accid, token } = socket.handshake.auth as { accid?: unknown; token?: unknown };
  const expected = typeof accid === 'string' ? tokens.get(accid) : undefined;
  const given = typeof token === 'string' ? Buffer.from(token) : undefined;
  if (
    !expected ||
    !given ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    return next(new Error('unauthorized'));
  }
  socket.data.accid = accid;
  next();
});

io.on('connection', (socket) => {
  void socket.join(`user:${socket.data.accid as string}`);
  socket.on('hb', (ack: unknown) => {
    if (typeof ack === 'function') ack();
  });
  // The one-to-one relay: to every socket of the recipient, acknowledged to the sender.
  socket.on('relay', (to: unknown, payload: unknown, ack: unknown) => {
    if (typeof to === 'string') io.to(`user:${to}`).emit('msg', payload);
    if (typeof ack === 'function') ack();
  });
  // Rooms: what a super team would be in a plain Socket.IO app (broadcast to every member).
  socket.on('join', (room: unknown, ack: unknown) => {
    if (typeof room === 'string') void socket.join(`room:${room}`);
    if (typeof ack === 'function') ack();
  });
  socket.on('room', (room: unknown, payload: unknown, ack: unknown) => {
    if (typeof room === 'string') io.to(`room:${room}`).emit('msg', payload);
    if (typeof ack === 'function') ack();
  });
});

httpServer.listen(port, '127.0.0.1');
const shutdown = () => {
  io.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
