// The WeChat JS-SDK configuration signature: sha1 over the four fields sorted by name, raw
// values, the page URL without its #fragment (WeChat JS-SDK documentation, appendix 1).
import { createHash, randomBytes } from 'node:crypto';

export interface JsapiSignInput {
  ticket: string;
  nonceStr: string;
  /** Seconds since the epoch. */
  timestamp: number;
  url: string;
}

export function stripFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

export function jsapiSignature(input: JsapiSignInput): string {
  const plain = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${stripFragment(input.url)}`;
  return createHash('sha1').update(plain).digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newNonceStr(length = 16): string {
  return [...randomBytes(length)]
    .map((byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length])
    .join('');
}
