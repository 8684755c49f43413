import { pino, type Logger } from 'pino';
import type { Config } from './config/index.ts';

export type { Logger } from 'pino';

/** Structured JSON logs on stdout; fields, not sentences, so they can be searched. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { service: 'morsel' } });
}
