// Console passwords as scrypt hashes (node:crypto): `scrypt$N$r$p$salt$hash`, salt and hash in
// base64url. The parameters travel with the hash, so they can be raised later without breaking
// the accounts made before. Checking an unknown account still runs scrypt (against a fixed
// hash), so the time taken does not tell which names exist.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
/** Room for N up to 2^17 with r 8 (128 · N · r bytes), above the default 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** A stored form no password matches: what an unknown account is checked against. */
const NO_ACCOUNT = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

export async function verifyPassword(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  const parts = (stored ?? NO_ACCOUNT).split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a generated account: 18 random bytes, 24 URL-safe characters. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

/** The shortest password an operator may choose (the create-user command refuses shorter). */
export const MIN_PASSWORD_LENGTH = 12;
