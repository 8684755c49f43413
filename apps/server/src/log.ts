import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config/index.ts';
import { redactTokens } from './redact.ts';

export type { Logger } from 'pino';

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger options: JSON lines, and no secrets. Request URLs lose their `ut=` values
 * (mini-program pages arrive with `?ut=`), and header, cookie and key fields are censored
 * wherever a log call passes them.
 */
export function logOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    base: { service: 'morsel' },
    serializers: {
      // Replaces Fastify's request serializer (same fields), with the URL's tokens removed.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactTokens(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.ut',
        'req.headers.cookie',
        'req.headers["x-admin-key"]',
        'req.headers.authorization',
        'headers.ut',
        'headers.cookie',
        'headers["x-admin-key"]',
        'ut',
        'token',
      ],
      censor: '[redacted]',
    },
  };
}

/** Structured JSON logs on stdout; fields, not sentences, so they can be searched. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino(logOptions(config));
}
