// Alibaba Cloud's RPC-style request signature (SignatureVersion 1.0, HMAC-SHA1), as its API
// reference "Signature method" describes it: sort the parameters by name, percent-encode names
// and values (RFC 3986: only A-Z a-z 0-9 - _ . ~ stay as they are; space is %20), join them
// into the canonical query, sign `METHOD&%2F&percentEncode(canonical)` with `secret + "&"`, and
// send the Base64 digest as `Signature`. The unit test checks the published example.
import { createHmac } from 'node:crypto';

export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name]!)}`)
    .join('&');
}

export function rpcSignature(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Alibaba Cloud's Timestamp format: ISO 8601 in UTC without milliseconds. */
export function aliyunTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
