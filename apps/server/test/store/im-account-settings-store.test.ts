// The account settings an app's backend sets (user/mute, user/setDonnop; migration 0046) on both
// engines: off for a new account, changed one at a time, within the app only, and without
// touching the profile's update time.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { insertApp, insertDemoAccount } from '../../src/seed/seed-store.ts';
import * as accounts from '../../src/im/accounts/account-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'settingsapp';

await forEachEngine('account settings store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    await insertApp(store.db, { appKey: APP, secret: 's', name: APP, now: 1 });
    await insertApp(store.db, { appKey: 'other', secret: 's', name: 'other', now: 1 });
    await insertDemoAccount(store.db, {
      appKey: APP,
      accid: 'ann',
      nick: 'ann',
      tokenHash: 'h',
      now: 5,
    });
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  it('starts off, changes one setting at a time and keeps the profile time', async () => {
    const { db } = store;
    expect(await accounts.findAccountSettings(db, APP, 'ann')).toEqual({
      muted: 0,
      donnop_open: 0,
      mute_av: 0,
    });
    expect(await accounts.updateAccountSettings(db, APP, 'ann', { muted: 1 })).toBe(true);
    expect(await accounts.updateAccountSettings(db, APP, 'ann', { donnop_open: 1 })).toBe(true);
    expect(await accounts.findAccountSettings(db, APP, 'ann')).toEqual({
      muted: 1,
      donnop_open: 1,
      mute_av: 0,
    });
    expect(await accounts.updateAccountSettings(db, APP, 'ann', { muted: 0 })).toBe(true);
    expect(await accounts.findAccountSettings(db, APP, 'ann')).toEqual({
      muted: 0,
      donnop_open: 1,
      mute_av: 0,
    });
    expect(Number((await accounts.findAccount(db, APP, 'ann'))!.updated_at)).toBe(5);
  });

  it('knows no account of another app or a missing one', async () => {
    const { db } = store;
    expect(await accounts.findAccountSettings(db, 'other', 'ann')).toBeUndefined();
    expect(await accounts.updateAccountSettings(db, 'other', 'ann', { muted: 1 })).toBe(false);
    expect(await accounts.updateAccountSettings(db, APP, 'ghost', { muted: 1 })).toBe(false);
  });
});
