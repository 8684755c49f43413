// PostgreSQL text cannot hold U+0000, so a NUL in any field failed there with a 500 while SQLite
// stored it: the two engines disagreed and one of them crashed the request. No field of the
// product, campaign, client-log or NIM REST APIs has a use for NUL, so every request carrying one
// (in the path, query or body) is refused with 400 before it reaches a handler, on both engines.
import type { FastifyInstance } from 'fastify';

export const NUL_MESSAGE = 'parameters must not contain the NUL character (U+0000)';

/** True when a string anywhere in `value` (keys included) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

class NulRefused extends Error {
  readonly statusCode = 400;
  constructor() {
    super(NUL_MESSAGE);
    this.name = 'NulRefused';
  }
}

/** Registers the check on the root instance, so every route registered after it inherits it. */
export function refuseNulCharacters(http: FastifyInstance): void {
  http.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      throw new NulRefused();
  });
}
