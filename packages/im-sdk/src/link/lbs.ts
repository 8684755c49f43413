// Asks the load balancer which socket servers to use. On failure the link falls back to the
// default address and reports code 3001, as document 2 says. An answer fetched over https that
// hands out plain http/ws addresses is refused: the login frame carries the token, and a
// tampered or mis-cached answer must not move it off TLS (review H1).
import { pageUrl } from '../util/env.ts';
import { LINK, PROTOCOL_VERSION, SDK_VERSION } from '@morsel/protocol';

export interface LbsAnswer {
  link: string[];
  linkPath: string;
  upload: string[];
}

export interface LbsRequest {
  lbsUrl: string;
  appKey: string;
  account: string;
  networkType?: string;
  fetch?: typeof fetch;
}

export async function lookupLinks(request: LbsRequest): Promise<LbsAnswer> {
  const url = new URL(request.lbsUrl, pageUrl());
  url.searchParams.set('k', request.appKey);
  url.searchParams.set('id', request.account);
  url.searchParams.set('sv', String(SDK_VERSION));
  url.searchParams.set('pv', String(PROTOCOL_VERSION));
  if (request.networkType) url.searchParams.set('networkType', request.networkType);
  const doFetch = request.fetch ?? globalThis.fetch;
  const response = await doFetch(url, { signal: AbortSignal.timeout(LINK.handshakeTimeoutMs) });
  if (!response.ok) throw new Error(`load balancer answered HTTP ${response.status}`);
  const body = (await response.json()) as Partial<LbsAnswer> & { code?: number; message?: string };
  if (body.code !== 200 || !Array.isArray(body.link) || body.link.length === 0) {
    throw new Error(`load balancer refused: ${body.code} ${body.message ?? ''}`.trim());
  }
  const upload = body.upload ?? [];
  const secure = url.protocol === 'https:';
  for (const address of [...body.link, ...upload]) checkAddress(address, secure);
  return { link: body.link, linkPath: body.linkPath ?? '/im/link/', upload };
}

const SECURE_SCHEMES = new Set(['https:', 'wss:']);
const ANY_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);

/** An absolute http(s)/ws(s) address; only https/wss when the answer itself came over https. */
function checkAddress(address: unknown, secure: boolean): void {
  let scheme: string;
  try {
    scheme = new URL(String(address)).protocol;
  } catch {
    throw new Error(`load balancer gave a malformed address: ${String(address).slice(0, 100)}`);
  }
  if (!(secure ? SECURE_SCHEMES : ANY_SCHEMES).has(scheme)) {
    throw new Error(
      `load balancer gave ${scheme}${secure ? ' over https (a downgrade)' : ''}: refused`,
    );
  }
}
