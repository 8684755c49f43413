// Node's requestTimeout only covers a request until its headers are in: once Fastify has the
// request, a body that trickles in a byte at a time holds the connection for as long as the
// client likes. The same deadline covers the body here: a request whose body is not complete
// when it runs out loses its connection (review L8). Paths given a longer deadline (the IM upload
// address: spec section 9's 600000 ms upload time-out) get theirs instead; Node's own
// requestTimeout is then set to the longest, with headersTimeout keeping the short one for the
// headers of every request (app.ts).
import type { FastifyInstance } from 'fastify';

/** A path (and everything under it) whose request bodies may take longer. */
export interface LongerDeadline {
  path: string;
  ms: number;
}

function deadlineOf(url: string, deadlineMs: number, longer: LongerDeadline[]): number {
  const pathname = url.split('?', 1)[0]!;
  const match = longer.find((l) => pathname === l.path || pathname.startsWith(`${l.path}/`));
  return match ? match.ms : deadlineMs;
}

export function registerBodyDeadline(
  http: FastifyInstance,
  deadlineMs: number,
  longer: LongerDeadline[] = [],
): void {
  http.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    const timer = setTimeout(
      () => {
        if (!raw.complete) raw.socket.destroy();
      },
      deadlineOf(request.url, deadlineMs, longer),
    );
    timer.unref();
    // 'end' does not start the stream flowing; whichever comes first ends the watch.
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
