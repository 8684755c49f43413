// The typed client of the product and campaign API (@morsel/api): `api.call('raffle.draw')`
// resolves with the route's envelope, `data` typed from the route table. It sits on the two
// request wrappers: signed routes go through the newer (open-API) wrapper, every other one
// through the older one, so ut, the legacy fields, the cache, the -500 and -331007 rules stay
// exactly as they are.
import { createApiClient } from '@morsel/api/client';
import { legacyRequest } from './legacy.ts';
import type { Method, RequestOptions } from './types.ts';

/** Per-call options: the wrappers' own. */
export type ApiCallOptions = Pick<RequestOptions, 'json' | 'cache' | 'timeoutMs'>;

export const api = createApiClient<ApiCallOptions>(async (call, options) => {
  const request = { ...options, method: call.method as Method, data: call.payload };
  const signed = call.endpoint.access === 'signed' || call.endpoint.access === 'signedUser';
  if (!signed) return legacyRequest(call.path, request);
  // Loaded on the first signed call, so the signing code stays out of the pages that make none.
  const { openApiRequest } = await import('./openApi.ts');
  return openApiRequest(call.path, request);
});

export type { DataOf, Envelope } from '@morsel/api/client';
