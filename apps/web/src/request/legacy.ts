// The older request wrapper (spec section 7): adds ut, times, platform, companyId, platformId
// and deviceId to every payload and calls the mobile site.
import { HOSTS, PRODUCT } from '../config/product.ts';
import { getDeviceId, getToken } from '../session/session.ts';
import { encodeBody, toSearchParams } from './body.ts';
import { commonHeaders, dispatch } from './transport.ts';
import type { ApiEnvelope, Payload, RequestOptions } from './types.ts';

/** The fields the older wrapper adds; the caller's own fields win on a clash. */
export function legacyPayload(data: Payload | undefined): Payload {
  return {
    ut: getToken(),
    times: Date.now(),
    platform: PRODUCT.platformCode,
    companyId: PRODUCT.companyId,
    platformId: PRODUCT.platformId,
    deviceId: getDeviceId(),
    ...data,
  };
}

export async function legacyRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<T>> {
  const method = options.method ?? 'POST';
  const payload = legacyPayload(options.data);
  const url = new URL(`${HOSTS.mobile}${path}`, location.origin);
  const headers = commonHeaders();
  let body: string | undefined;
  if (method === 'GET') {
    for (const [key, value] of toSearchParams(payload)) url.searchParams.append(key, value);
  } else {
    const encoded = encodeBody(payload, options.json ?? false);
    body = encoded.body;
    headers['Content-Type'] = encoded.contentType;
  }
  // `times` changes on every call, so the cache is keyed by what the caller asked for.
  const cacheKey = `${method} ${HOSTS.mobile}${path} ${JSON.stringify(options.data ?? {})}`;
  return dispatch<T>({
    method,
    url: url.href,
    body,
    headers,
    cache: options.cache,
    cacheKey,
    timeoutMs: options.timeoutMs,
  });
}
