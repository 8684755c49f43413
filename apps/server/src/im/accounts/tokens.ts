// Login tokens: generated at random and kept only as their SHA-256 digest, so a copy of the
// database or a backup holds no usable token. A token is high-entropy (generated ones carry 128
// random bits; app-chosen ones are at least TOKEN_MIN characters), so a plain digest without a
// slow KDF is enough: guessing the preimage is no easier than guessing the token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh token: 128 random bits as 32 lower-case hex characters. */
export function generateToken(): string {
  return randomBytes(16).toString('hex');
}

/** What the store keeps of a token: sha256 in lower-case hex (64 characters). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `given` is the token whose stored digest is `storedHash`, in constant time. */
export function tokenMatchesHash(given: string, storedHash: string): boolean {
  const actual = Buffer.from(hashToken(given), 'utf8');
  const expected = Buffer.from(storedHash, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
