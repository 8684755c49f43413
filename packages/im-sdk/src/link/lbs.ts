// Asks the load balancer which socket servers to use. On failure the link falls back to the
// default address and reports code 3001, as document 2 says.
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
  return { link: body.link, linkPath: body.linkPath ?? '/im/link/', upload: body.upload ?? [] };
}
