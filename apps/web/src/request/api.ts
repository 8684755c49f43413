// The typed client of the product and campaign API (@morsel/api): `api.call('raffle.draw')`
// resolves with the route's envelope, `data` typed from the route table. It sits on the two
// request wrappers: signed routes go through the newer (open-API) wrapper, every other one
// through the older one, so ut, the legacy fields, the cache, the -500 and -331007 rules stay
// exactly as they are.
import { createApiClient } from '@morsel/api/client';
import { legacyRequest } from './legacy.ts';
import { openApiRequest } from './openApi.ts';
import type { Method, RequestOptions } from './types.ts';

/** Per-call options: the wrappers' own. */
export type ApiCallOptions = Pick<RequestOptions, 'json' | 'cache' | 'timeoutMs'>;

export const api = createApiClient<ApiCallOptions>((call, options) => {
  const signed = call.endpoint.access === 'signed' || call.endpoint.access === 'signedUser';
  const send = signed ? openApiRequest : legacyRequest;
  return send(call.path, { ...options, method: call.method as Method, data: call.payload });
});

export type { DataOf, Envelope } from '@morsel/api/client';
