// What the IM link and the chatroom link do alike around their Engine.IO servers to keep a
// websocket handshake cheap (docs/decisions/0073-one-write-per-turn.md).
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import cors from 'cors';

type EngineMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * CORS for the long-polling requests only. Engine.IO's own `cors` option runs the middleware on
 * websocket upgrades as well, where browsers read no CORS header (a websocket is not subject to
 * the same-origin policy): it cost every websocket handshake an origin check and three headers
 * on the 101 response. Any origin may open our links (their requests carry no cookie of ours;
 * the token travels inside the login command).
 */
export function pollingCors(): EngineMiddleware {
  const allowAnyOrigin = cors({ origin: true });
  return (request, response, next) => {
    // Engine.IO hands upgrades a response of its own (WebSocketResponse), not an http one.
    if (!(response instanceof ServerResponse)) return next();
    allowAnyOrigin(request, response, next);
  };
}

/**
 * A new websocket's handshake writes twice in one turn: ws's 101 response, then Engine.IO's open
 * packet. Corked until the turn's callbacks and promise jobs are done (setImmediate), they leave
 * in one write. Upgrades of a polling session (a `sid` in the query) are left alone. Must be
 * added before `engine.attach`, so it runs before Engine.IO's own upgrade listener.
 */
export function corkHandshakes(server: Server, path: string): void {
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    const url = request.url ?? '';
    if (!url.startsWith(path) || url.includes('sid=')) return;
    socket.cork();
    setImmediate(() => socket.uncork());
  });
}
