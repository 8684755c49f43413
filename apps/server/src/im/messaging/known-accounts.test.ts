import { describe, expect, it } from 'vitest';
import { knownAccounts } from './known-accounts.ts';

describe('known accounts', () => {
  it('asks the store once per existing account, and again for a missing one', async () => {
    const existing = new Set(['app\u0000alice']);
    const asked: string[] = [];
    const exists = knownAccounts(async (appKey, accid) => {
      asked.push(accid);
      return existing.has(`${appKey}\u0000${accid.toLowerCase()}`);
    });
    expect(await exists('app', 'alice')).toBe(true);
    expect(await exists('app', 'ALICE')).toBe(true);
    expect(await exists('other', 'alice')).toBe(false);
    expect(await exists('app', 'bob')).toBe(false);
    existing.add('app\u0000bob');
    expect(await exists('app', 'bob')).toBe(true);
    expect(asked).toEqual(['alice', 'alice', 'bob', 'bob']);
  });

  it('stays within its bound', async () => {
    let lookups = 0;
    const exists = knownAccounts(async () => (lookups++, true), 2);
    for (const accid of ['a', 'b', 'c', 'a']) await exists('app', accid);
    // 'c' overflowed the set of two and cleared it, so 'a' was asked again.
    expect(lookups).toBe(4);
  });
});
