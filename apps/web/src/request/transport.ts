// The one place that calls fetch for both wrappers: common headers, time-out, the -500 rule,
// the -331007 rule and the cache.
import { CODE_LOGIN_INVALID, LIMITS } from '../config/product.ts';
import { clientInfo, getToken, removeToken } from '../session/session.ts';
import { cacheLifetime, readCached, writeCached } from './cache.ts';
import { goToLogin } from './loginRedirect.ts';
import { LoginInvalid, RequestFailure, type ApiEnvelope, type Method } from './types.ts';

export interface Outgoing {
  method: Method;
  url: string;
  /** Text (form-encoded or JSON), or a multipart form carrying a file (a photo upload). */
  body?: string | FormData;
  headers: Record<string, string>;
  cache?: boolean | number;
  /** What identifies the call in the cache when the body carries per-call fields (times). */
  cacheKey?: string;
  timeoutMs?: number;
}

/** Headers every call carries (spec section 7). */
export function commonHeaders(): Record<string, string> {
  return {
    'X-Requested-With': 'XMLHttpRequest',
    ut: getToken(),
    clientInfo: JSON.stringify(clientInfo()),
  };
}

async function fetchEnvelope(call: Outgoing): Promise<ApiEnvelope> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), call.timeoutMs ?? LIMITS.requestTimeoutMs);
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      credentials: 'include',
      signal: controller.signal,
    });
    if (!response.ok) throw new RequestFailure();
    const envelope = (await response.json()) as ApiEnvelope;
    if (typeof envelope !== 'object' || envelope === null || !('code' in envelope))
      throw new RequestFailure();
    return envelope;
  } catch (error) {
    if (error instanceof RequestFailure) throw error;
    throw new RequestFailure();
  } finally {
    clearTimeout(timer);
  }
}

export async function dispatch<T>(call: Outgoing): Promise<ApiEnvelope<T>> {
  const lifetime = cacheLifetime(call.cache);
  const key =
    call.cacheKey ?? `${call.method} ${call.url} ${typeof call.body === 'string' ? call.body : ''}`;
  if (lifetime > 0) {
    const cached = readCached(key);
    if (cached) return cached as ApiEnvelope<T>;
  }
  const envelope = await fetchEnvelope(call);
  if (Number(envelope.code) === CODE_LOGIN_INVALID) {
    removeToken();
    goToLogin();
    throw new LoginInvalid(CODE_LOGIN_INVALID, envelope.message);
  }
  writeCached(key, envelope, lifetime);
  return envelope as ApiEnvelope<T>;
}
