import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.ts';
import { RestNonces } from './nonces.ts';

describe('RestNonces', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore({ sqliteFile: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  const T = 1_767_225_600_000;

  it('accepts a nonce once per app until it expires, then again', async () => {
    const nonces = new RestNonces(store);
    expect(await nonces.remember('app', 'n1', T + 300_000, T)).toBe(true);
    expect(await nonces.remember('app', 'n1', T + 300_000, T + 1_000)).toBe(false);
    // Another app's nonce space is its own.
    expect(await nonces.remember('other', 'n1', T + 300_000, T + 1_000)).toBe(true);
    // Once the first use has expired the nonce may be used again, and is then remembered anew.
    expect(await nonces.remember('app', 'n1', T + 700_000, T + 400_000)).toBe(true);
    expect(await nonces.remember('app', 'n1', T + 700_000, T + 400_001)).toBe(false);
  });

  it('deletes expired nonces as it goes', async () => {
    const nonces = new RestNonces(store);
    await nonces.remember('app', 'old', T + 300_000, T);
    await nonces.remember('app', 'new', T + 10_000_000, T + 9_000_000);
    const left = await store.db.selectFrom('im_rest_nonces').select('nonce').execute();
    expect(left.map((r) => r.nonce)).toEqual(['new']);
  });
});
