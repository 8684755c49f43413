// NIM's Web SDK runs in the app's pages, on the app's origin, and reaches the load balancer and
// the socket.io 0.9 handshake and polling paths with XMLHttpRequest, across origins (with
// credentials on polling, as socket.io 0.9 does). These paths carry no cookie or session of
// ours (the token travels inside the login command), so any origin may read them, as any origin
// may open our Engine.IO links (`cors: { origin: true }` in gateway/index.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';

export function allowAnyOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (!origin) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-credentials', 'true')
    .header('vary', 'origin');
}
