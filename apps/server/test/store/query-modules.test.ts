// The query modules that took over queries once written inline in routes, the gateway, messaging
// and the seed (issue 16): each named function, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imAppExists, storedAccid, type Store } from '../../src/store/index.ts';
import * as seedStore from '../../src/seed/seed-store.ts';
import { insertPageView } from '../../src/product/store/page-views.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

await forEachEngine('query modules', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('seed store', () => {
    it('keeps the default app key: none at first, then the first, then its replacement', async () => {
      const { db } = store;
      expect(await seedStore.storedDefaultAppKey(db)).toBeUndefined();
      await seedStore.saveDefaultAppKey(db, 'first', false);
      expect(await seedStore.storedDefaultAppKey(db)).toBe('first');
      await seedStore.saveDefaultAppKey(db, 'second', true);
      expect(await seedStore.storedDefaultAppKey(db)).toBe('second');
    });

    it('inserts an app and changes its secret; an unknown app has none', async () => {
      const { db } = store;
      expect(await seedStore.appSecret(db, 'seedapp')).toBeUndefined();
      await seedStore.insertApp(db, { appKey: 'seedapp', secret: 's1', name: 'n', now: 1 });
      expect(await seedStore.appSecret(db, 'seedapp')).toBe('s1');
      await seedStore.setAppSecret(db, 'seedapp', 's2');
      expect(await seedStore.appSecret(db, 'seedapp')).toBe('s2');
    });

    it('inserts a demo account and replaces its token digest', async () => {
      const { db } = store;
      expect(await seedStore.findAccountToken(db, 'seedapp', 'demo9')).toBeUndefined();
      const account = { appKey: 'seedapp', accid: 'demo9', nick: '九', tokenHash: 'h1', now: 2 };
      await seedStore.insertDemoAccount(db, account);
      const found = await seedStore.findAccountToken(db, 'seedapp', 'demo9');
      expect(found?.token).toBe('h1');
      await seedStore.setAccountToken(db, found!.id, 'h2', 3);
      expect((await seedStore.findAccountToken(db, 'seedapp', 'demo9'))?.token).toBe('h2');
    });

    it('undoes every write of a failed seed transaction', async () => {
      const failed = seedStore.inSeedTransaction(store.db, async (trx) => {
        await seedStore.insertApp(trx, { appKey: 'halfway', secret: 's', name: 'n', now: 1 });
        throw new Error('seed failed');
      });
      await expect(failed).rejects.toThrow('seed failed');
      expect(await seedStore.appSecret(store.db, 'halfway')).toBeUndefined();
    });
  });

  describe('IM directory', () => {
    it('knows an app by its exact key', async () => {
      await seedStore.insertApp(store.db, { appKey: 'dirapp', secret: 's', name: 'n', now: 1 });
      expect(await imAppExists(store.db, 'dirapp')).toBe(true);
      expect(await imAppExists(store.db, 'DIRAPP')).toBe(false);
      expect(await imAppExists(store.db, 'nope')).toBe(false);
    });

    it('finds an account whatever the case it is asked in, only within its app', async () => {
      const account = { appKey: 'dirapp', accid: 'mixed1', nick: 'm', tokenHash: 'h', now: 1 };
      await seedStore.insertDemoAccount(store.db, account);
      expect(await storedAccid(store.db, 'dirapp', 'MiXeD1')).toBe('mixed1');
      expect(await storedAccid(store.db, 'otherapp', 'mixed1')).toBeUndefined();
      expect(await storedAccid(store.db, 'dirapp', 'ghost')).toBeUndefined();
    });
  });

  describe('page views', () => {
    it('stores a reported page view as given, nulls included', async () => {
      const view = {
        path: '/活动',
        title: '标题',
        referrer: '',
        ttfb_ms: 12,
        dom_ready_ms: null,
        load_ms: null,
        user_agent: 'ua',
        client_address: '203.0.113.9',
        created_at: 1_767_225_600_000,
      };
      await insertPageView(store.db, view);
      const rows = await store.db.selectFrom('lizard_page_views').selectAll().execute();
      expect(
        rows.map(({ id: _id, ...row }) => ({ ...row, created_at: Number(row.created_at) })),
      ).toEqual([view]);
    });
  });
});
