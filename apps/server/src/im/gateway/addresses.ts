// Client addresses of gateway sockets, and the cap on sockets per address (security review M6).
// The address follows the same rule as the HTTP server: X-Forwarded-For is believed only from the
// proxies MORSEL_TRUST_PROXY names (config/trust-proxy.ts), else the TCP peer is the client, so a
// client cannot pick its own address and escape the per-address caps.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../../config/index.ts';

/** The client address of a handshake request, as Fastify's request.ip would judge it. */
export type ClientAddressOf = (request: IncomingMessage) => string;

export function clientAddressResolver(trust: TrustProxy): ClientAddressOf {
  const trusts =
    typeof trust === 'function'
      ? trust
      : trust === true
        ? () => true
        : trust === false
          ? () => false
          : proxyAddr.compile(trust);
  return (request) =>
    (proxyAddr(request, trusts) || request.socket.remoteAddress || '').slice(0, 64);
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
