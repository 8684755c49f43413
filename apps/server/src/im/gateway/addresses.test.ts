import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config/index.ts';
import { clientAddressResolver } from './addresses.ts';

const handshake = (peer: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

describe('gateway client address (review H1 and M6)', () => {
  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick its address', () => {
    const addressOf = clientAddressResolver(parseTrustProxy(undefined));
    expect(addressOf(handshake('127.0.0.1', '10.9.9.9'))).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    const addressOf = clientAddressResolver(parseTrustProxy('10.0.0.0/8'));
    expect(addressOf(handshake('10.0.0.5', '203.0.113.7'))).toBe('203.0.113.7');
    expect(addressOf(handshake('198.51.100.2', '203.0.113.7'))).toBe('198.51.100.2');
  });

  it('takes a hop count from the right, as Fastify does', () => {
    const addressOf = clientAddressResolver(parseTrustProxy('1'));
    expect(addressOf(handshake('10.0.0.5', '1.1.1.1, 203.0.113.7'))).toBe('203.0.113.7');
  });
});
