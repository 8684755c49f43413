// Login tokens: generated at random, compared in constant time so that a wrong guess takes as
// long as a near miss and the token's length does not leak either.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh token: 128 random bits as 32 lower-case hex characters. */
export function generateToken(): string {
  return randomBytes(16).toString('hex');
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Equal strings, in time independent of where (or whether) they differ. */
export function constantTimeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
