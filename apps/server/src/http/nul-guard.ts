// Every HTTP request carrying a NUL character (path, query or body) is refused with 400 before
// validation; see input/nul.ts for why. Each API's error handler answers it in its own envelope.
import type { FastifyInstance } from 'fastify';
import { containsNul, NUL_MESSAGE } from '../input/index.ts';

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
