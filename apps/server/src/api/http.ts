// What every API route shares: the body parsers that keep the raw bytes (the open-API signature
// covers them), and reading the caller.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { fail } from '@morsel/api';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (empty when there was none). */
    rawBody?: Buffer;
  }
}

const BODY_LIMIT = 64 * 1024;

function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail('badRequest', { message: '请求体不是合法的 JSON', status: 400 });
  }
}

/**
 * Form-encoded (what both request wrappers send), JSON (on request) and text/plain (what
 * navigator.sendBeacon sends, holding JSON). Replaces the inherited parsers in this scope only.
 */
export function installBodyParsers(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  const parsers: [string, (text: string) => unknown][] = [
    ['application/x-www-form-urlencoded', parseForm],
    ['application/json', parseJson],
    ['text/plain', parseJson],
  ];
  for (const [type, parse] of parsers) {
    scope.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const raw = body as Buffer;
        request.rawBody = raw;
        try {
          done(null, parse(raw.toString('utf8')));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
  }
}

/** The caller's address: the socket's, or what the trusted proxies report (MORSEL_TRUST_PROXY). */
export function clientAddress(request: FastifyRequest): string {
  // A trusted proxy passes on the hop before it unchecked; what is not an IP is not an address.
  if (isIP(request.ip)) return request.ip;
  return request.socket.remoteAddress ?? 'unknown';
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
