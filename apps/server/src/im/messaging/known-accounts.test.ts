import { describe, expect, it } from 'vitest';
import { knownAccounts } from './known-accounts.ts';

describe('known accounts', () => {
  it('asks the store once per existing account, answers its stored id, and asks again for a missing one', async () => {
    const existing = new Set(['app\u0000alice']);
    const asked: string[] = [];
    const stored = knownAccounts(async (appKey, accid) => {
      asked.push(accid);
      return existing.has(`${appKey}\u0000${accid.toLowerCase()}`)
        ? accid.toLowerCase()
        : undefined;
    });
    expect(await stored('app', 'alice')).toBe('alice');
    expect(await stored('app', 'ALICE')).toBe('alice');
    expect(await stored('other', 'alice')).toBeUndefined();
    expect(await stored('app', 'bob')).toBeUndefined();
    existing.add('app\u0000bob');
    expect(await stored('app', 'Bob')).toBe('bob');
    expect(asked).toEqual(['alice', 'alice', 'bob', 'Bob']);
  });

  it('stays within its bound', async () => {
    let lookups = 0;
    const stored = knownAccounts(async (_appKey, accid) => (lookups++, accid), 2);
    for (const accid of ['a', 'b', 'c', 'a']) await stored('app', accid);
    // 'c' overflowed the map of two and cleared it, so 'a' was asked again.
    expect(lookups).toBe(4);
  });
});
