// Client addresses of gateway sockets, and the cap on sockets per address (security review M6).
// The address follows the same rule as the HTTP server (Fastify trustProxy: true): the first hop
// of X-Forwarded-For when present, else the TCP peer. Behind a proxy that is what tells clients
// apart; a deployment reachable without its proxy lets clients choose the header (docs/operations.md).
import type { IncomingMessage } from 'node:http';

export function clientAddressOf(request: IncomingMessage): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (first || request.socket.remoteAddress || '').slice(0, 64);
}

/** Live sockets per client address, so a handshake past the cap can be refused. */
export class SocketsPerAddress {
  private readonly counts = new Map<string, number>();

  constructor(readonly max: number) {}

  hasRoom(address: string): boolean {
    return (this.counts.get(address) ?? 0) < this.max;
  }

  /** Counts a new socket; false (and not counted) when the address is already at the cap. */
  add(address: string): boolean {
    const count = this.counts.get(address) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(address, count + 1);
    return true;
  }

  remove(address: string): void {
    const count = (this.counts.get(address) ?? 0) - 1;
    if (count > 0) this.counts.set(address, count);
    else this.counts.delete(address);
  }
}
