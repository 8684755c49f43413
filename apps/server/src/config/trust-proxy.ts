// MORSEL_TRUST_PROXY: which hops in front of the server may say who the client is. Unset trusts
// nobody (request.ip is the socket address), because a client can write any X-Forwarded-For and
// every per-address limit keys on request.ip. Trusting every hop must be spelled out (`all`) so
// a production check can refuse it.
import { isIP } from 'node:net';

/** What Fastify's trustProxy option takes (a hop count is a function: Fastify ignores numbers). */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** proxy-addr's names for whole ranges (loopback, link-local, unique-local). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function checkAddressOrRange(entry: string): string | undefined {
  if (RANGE_NAMES.has(entry)) return undefined;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max)
    return `"${entry}" has a prefix length outside 0..${max}`;
  return undefined;
}

/**
 * Reads the setting: undefined or `none` (trust nobody), `all` (trust every hop), a hop count
 * (1..32), or a comma list of IPs, CIDR ranges and range names. Throws Error naming the bad part.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'none') return false;
  if (text === 'all') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 32) throw new Error('a hop count is between 1 and 32');
    // Believes the nearest `hops` entries whoever connects: only for servers no client reaches
    // without passing those proxies (docs/operations.md).
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = checkAddressOrRange(entry);
    if (problem)
      throw new Error(`${problem}; expected none, all, a hop count or a comma list of IPs/CIDRs`);
  }
  return entries;
}
