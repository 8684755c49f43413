// NIM's request signature: CheckSum = sha1(AppSecret + Nonce + CurTime) in lower-case hex.
import { createHash, timingSafeEqual } from 'node:crypto';

export function computeCheckSum(appSecret: string, nonce: string, curTime: string): string {
  return createHash('sha1').update(appSecret + nonce + curTime, 'utf8').digest('hex');
}

/** Compares in constant time; upper-case hex is accepted as the same digest. */
export function checkSumMatches(given: string, appSecret: string, nonce: string, curTime: string): boolean {
  const expected = Buffer.from(computeCheckSum(appSecret, nonce, curTime), 'utf8');
  const actual = Buffer.from(given.toLowerCase(), 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
