// The newer request wrapper (spec section 7): signs every call with x-co-client, x-co-timeStamp
// and x-co-sign (@morsel/open-api-sign) and sends it to the open-API host.
import { signatureHeaders } from '@morsel/open-api-sign';
import { HOSTS, OPEN_API_CLIENT } from '../config/product.ts';
import { encodeBody, toSearchParams } from './body.ts';
import { commonHeaders, dispatch } from './transport.ts';
import type { ApiEnvelope, RequestOptions } from './types.ts';

export async function openApiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<T>> {
  const method = options.method ?? 'GET';
  const url = new URL(`${HOSTS.openApi}${path}`, location.origin);
  let body: string | undefined;
  const headers = commonHeaders();
  if (method === 'GET') {
    for (const [key, value] of toSearchParams(options.data)) url.searchParams.append(key, value);
  } else {
    const encoded = encodeBody(options.data, options.json ?? false);
    body = encoded.body;
    headers['Content-Type'] = encoded.contentType;
  }
  const signed = await signatureHeaders(
    {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      clientId: OPEN_API_CLIENT.id,
      timestamp: Date.now(),
    },
    OPEN_API_CLIENT.secret,
  );
  return dispatch<T>({
    method,
    url: url.href,
    body,
    headers: { ...headers, ...signed },
    cache: options.cache,
    timeoutMs: options.timeoutMs,
  });
}
