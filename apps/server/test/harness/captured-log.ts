// A real pino logger whose JSON lines are kept in memory, so a test can assert on what the
// server logged (and, above all, on what it never logs: tokens, SMS codes).
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { logOptions } from '../../src/log.ts';

export interface CapturedLog {
  readonly log: Logger;
  /** Every line written so far, as text. */
  text(): string;
}

export function captureLog(level = 'info'): CapturedLog {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  // The server's own options (redaction, serializers), only the destination differs.
  const log = pino({ ...logOptions({ logLevel: level as 'info' }), level }, sink);
  return { log, text: () => lines.join('') };
}
