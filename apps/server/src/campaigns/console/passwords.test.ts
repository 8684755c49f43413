import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

describe('console passwords', () => {
  it('are stored as a salted scrypt hash that names its parameters', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('correct horse battery');
    expect(await hashPassword('correct horse battery')).not.toBe(stored);
  });

  it('match only the password they were made from', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuse every password for an unknown account or a damaged hash', async () => {
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$16384$8$1$$')).toBe(false);
  });

  it('are generated with 24 URL-safe characters', () => {
    expect(generatePassword()).toMatch(/^[\w-]{24}$/);
    expect(generatePassword()).not.toBe(generatePassword());
  });
});
