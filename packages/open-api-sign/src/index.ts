// The open-API request signature of spec/campaign-app.md section 7 (the newer request wrapper),
// in the shape APP-REFERENCE.md gives for the platform's gateway, version 1:
//
//   METHOD \n PATH [\n SORTED_QUERY] \n x-co-client:<id> \n x-co-timestamp:<ms> [\n MD5(body)]
//
// HMAC-SHA1 with the client's secret, Base64. Query keys sorted, values URL-encoded, empty values
// skipped; the body's MD5 (upper-case hex) only for POST, PUT and DELETE. One module for the web
// client and the server, so the two sides cannot drift. Uses Web Crypto (browsers, Node >= 20).
import { md5 } from 'js-md5';

export const SIGN_HEADERS = {
  client: 'x-co-client',
  timestamp: 'x-co-timeStamp',
  sign: 'x-co-sign',
} as const;

export type QueryValue = string | number | boolean | null | undefined;
export type Query = URLSearchParams | Record<string, QueryValue | QueryValue[]>;

export interface SignableRequest {
  method: string;
  /** The path without query string, e.g. `/api/commondata/getConfig`. */
  path: string;
  query?: Query;
  /** The exact body bytes (or text) sent; ignored for GET and HEAD. */
  body?: string | Uint8Array;
  clientId: string;
  /** Milliseconds since the epoch, as sent in x-co-timeStamp. */
  timestamp: number;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE']);

function queryPairs(query: Query): [string, string][] {
  if (query instanceof URLSearchParams) return [...query.entries()];
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) pairs.push([key, String(item)]);
    }
  }
  return pairs;
}

/** `a=1&b=x%20y`: keys (then values) sorted, empty values skipped, values URL-encoded. */
export function canonicalQuery(query: Query | undefined): string {
  if (!query) return '';
  return queryPairs(query)
    .filter(([, value]) => value !== '')
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : va > vb ? 1 : 0) : ka < kb ? -1 : 1))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

export function bodyDigest(body: string | Uint8Array | undefined): string {
  return md5(body ?? '').toUpperCase();
}

export function stringToSign(request: SignableRequest): string {
  const method = request.method.toUpperCase();
  const lines = [method, request.path];
  const query = canonicalQuery(request.query);
  if (query) lines.push(query);
  lines.push(`${SIGN_HEADERS.client}:${request.clientId}`);
  lines.push(`${SIGN_HEADERS.timestamp.toLowerCase()}:${request.timestamp}`);
  if (BODY_METHODS.has(method)) lines.push(bodyDigest(request.body));
  return lines.join('\n');
}

const encoder = new TextEncoder();

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The x-co-sign value: Base64 of HMAC-SHA1(secret, stringToSign). */
export async function sign(request: SignableRequest, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  return toBase64(await crypto.subtle.sign('HMAC', key, encoder.encode(stringToSign(request))));
}

/** The three headers the newer request wrapper adds. */
export async function signatureHeaders(
  request: SignableRequest,
  secret: string,
): Promise<Record<string, string>> {
  return {
    [SIGN_HEADERS.client]: request.clientId,
    [SIGN_HEADERS.timestamp]: String(request.timestamp),
    [SIGN_HEADERS.sign]: await sign(request, secret),
  };
}

/** Checks a received signature in constant time (no early exit on the first differing byte). */
export async function verifySignature(
  request: SignableRequest,
  secret: string,
  signature: string,
): Promise<boolean> {
  const expected = await sign(request, secret);
  if (expected.length !== signature.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++)
    difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return difference === 0;
}
