// Every request gets an id for the logs, echoed as x-request-id. A caller's x-request-id is kept
// only when it looks like an id (letters, digits, `-` and `_`, 8 to 64 of them): anything else
// could forge log lines, be huge, or collide on purpose with another request's id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
