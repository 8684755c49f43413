// NIM's request signatures, both in lower-case hex:
// - CheckSum = sha1(AppSecret + Nonce + CurTime), the server API's own (covers no body);
// - CheckSum = sha1(AppSecret + MD5 + CurTime) with MD5 = md5(request body), the form NIM's
//   callbacks (抄送) use; Morsel accepts it on /nimserver too, so a signature can cover the body.
import { createHash, timingSafeEqual } from 'node:crypto';

export function computeCheckSum(appSecret: string, nonceOrMd5: string, curTime: string): string {
  return createHash('sha1')
    .update(appSecret + nonceOrMd5 + curTime, 'utf8')
    .digest('hex');
}

/** md5 of the raw request body, as the MD5 header carries it. */
export function bodyMd5(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Compares in constant time; upper-case hex is accepted as the same digest. */
export function hexDigestsEqual(given: string, expected: string): boolean {
  const actual = Buffer.from(given.toLowerCase(), 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

export function checkSumMatches(
  given: string,
  appSecret: string,
  nonceOrMd5: string,
  curTime: string,
): boolean {
  return hexDigestsEqual(given, computeCheckSum(appSecret, nonceOrMd5, curTime));
}
