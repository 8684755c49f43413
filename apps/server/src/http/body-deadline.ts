// Node's requestTimeout only covers a request until its headers are in: once Fastify has the
// request, a body that trickles in a byte at a time holds the connection for as long as the
// client likes. The same deadline covers the body here: a request whose body is not complete
// when it runs out loses its connection (review L8).
import type { FastifyInstance } from 'fastify';

export function registerBodyDeadline(http: FastifyInstance, deadlineMs: number): void {
  http.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    const timer = setTimeout(() => {
      if (!raw.complete) raw.socket.destroy();
    }, deadlineMs);
    timer.unref();
    // 'end' does not start the stream flowing; whichever comes first ends the watch.
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
