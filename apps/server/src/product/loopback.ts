// Whether a request came from this machine, judged by the TCP peer, never by request.ip: with a
// trusted proxy request.ip is whatever X-Forwarded-For says, and a client can write that header.
import type { FastifyRequest } from 'fastify';
import net from 'node:net';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return loopback.check(v4, 'ipv4');
  return net.isIPv6(address)
    ? loopback.check(address, 'ipv6')
    : net.isIPv4(address) && loopback.check(address, 'ipv4');
}

export function fromLoopback(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.raw.socket.remoteAddress);
}
