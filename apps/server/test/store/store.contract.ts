// One contract for the store, run against every engine (SQLite file, PostgreSQL): the same
// behaviour must hold on both, or a deployment that switches engine breaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isUniqueViolation, migrateToLatest, type Store } from '../../src/store/index.ts';
import { WriteBatcher } from '../../src/store/write-batcher.ts';
import { groupCommit } from '../../src/store/group-commit.ts';
import { compiledOnce } from '../../src/store/compiled-once.ts';

export interface StoreFixture {
  open(): Promise<Store>;
  /** Opens the same database again (a restart). */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

export function storeContract(engine: string, makeFixture: () => Promise<StoreFixture>) {
  describe(`store contract on ${engine}`, () => {
    let fixture: StoreFixture;
    let store: Store;

    beforeAll(async () => {
      fixture = await makeFixture();
      store = await fixture.open();
    });
    afterAll(async () => {
      await store?.close();
      await fixture?.dispose();
    });

    const app = (key: string) => ({
      app_key: key,
      secret: 'secret-' + key,
      name: 'app ' + key,
      created_at: Date.now(),
    });

    it('names its engine', () => {
      expect(store.engine).toBe(engine);
    });

    it('applies migrations once; applying again is a no-op', async () => {
      const again = await migrateToLatest(store.db);
      expect(again.results).toEqual([]);
    });

    it('round-trips rows with numbers, flags and unicode text unchanged', async () => {
      const now = 1_767_225_600_123; // beyond 2^32: bigint columns must come back as numbers
      await store.db.insertInto('im_apps').values(app('rt')).execute();
      const [row] = await store.db
        .insertInto('im_accounts')
        .values({
          app_key: 'rt',
          accid: 'u1',
          token: 't',
          nick: '小零食🍪',
          disabled: 1,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'nick', 'disabled', 'created_at'])
        .execute();
      expect(row).toMatchObject({ nick: '小零食🍪', disabled: 1, created_at: now });
      expect(typeof row!.id).toBe('number');
    });

    it('reports unique violations the same way on both engines', async () => {
      await store.db.insertInto('im_apps').values(app('dup')).execute();
      const error = await store.db
        .insertInto('im_apps')
        .values(app('dup'))
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(new Error('other'))).toBe(false);
    });

    it('group commit: writes of one turn share a transaction, a failing one loses only its own write', async () => {
      const batches: string[][] = [];
      const batcher = new WriteBatcher<string, string>(async (keys) => {
        batches.push(keys);
        await store.db.transaction().execute(async (trx) => {
          for (const key of keys) await trx.insertInto('im_apps').values(app(key)).execute();
        });
        return keys.map((key) => `stored ${key}`);
      });
      await store.db.insertInto('im_apps').values(app('gc-taken')).execute();
      const keys = Array.from({ length: 40 }, (_, i) => `gc-${i}`);
      // The 20th write collides with an existing row: only it fails, and only its row is missing.
      const results = await Promise.allSettled(
        keys.map((key, i) => batcher.submit(i === 20 ? 'gc-taken' : key)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(39);
      expect(results[0]).toEqual({ status: 'fulfilled', value: 'stored gc-0' });
      const failed = results[20] as PromiseRejectedResult;
      expect(isUniqueViolation(failed.reason)).toBe(true);
      const stored = await store.db
        .selectFrom('im_apps')
        .select('app_key')
        .where('app_key', 'like', 'gc-%')
        .execute();
      expect(stored.map((r) => r.app_key).sort()).toEqual(
        [...keys.filter((_, i) => i !== 20), 'gc-taken'].sort(),
      );
      // 40 writes submitted in one turn of the event loop went to one batch first; when it failed
      // (nothing of it stored), each ran alone.
      expect(batches[0]).toHaveLength(40);
      expect(batches.slice(1).every((batch) => batch.length === 1)).toBe(true);
      expect(batches).toHaveLength(41);
      // A lone failing write rejects with its own error and leaves nothing behind.
      const lone = await batcher.submit('gc-taken').catch((e: unknown) => e);
      expect(isUniqueViolation(lone)).toBe(true);
    });

    it('groupCommit: grouped writes of one turn share one transaction; a bad one loses only itself', async () => {
      await store.db.insertInto('im_apps').values(app('gw-taken')).execute();
      const handles = new Set<unknown>();
      const keys = ['gw-0', 'gw-1', 'gw-taken', 'gw-3'];
      const results = await Promise.allSettled(
        keys.map((key) =>
          groupCommit(store.db, async (trx) => {
            expect(trx.isTransaction).toBe(true);
            handles.add(trx);
            await trx.insertInto('im_apps').values(app(key)).execute();
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
      // The first try held all four in one transaction; after it failed each ran alone.
      expect(handles.size).toBe(1 + keys.length);
      const stored = await store.db
        .selectFrom('im_apps')
        .select('app_key')
        .where('app_key', 'like', 'gw-%')
        .execute();
      expect(stored.map((r) => r.app_key).sort()).toEqual(['gw-0', 'gw-1', 'gw-3', 'gw-taken']);
      // Inside a transaction already, a grouped write joins it (and is undone with it).
      await store.db
        .transaction()
        .execute(async (trx) => {
          await groupCommit(trx, (same) =>
            same
              .insertInto('im_apps')
              .values(app('gw-inner'))
              .execute()
              .then(() => undefined),
          );
          throw new Error('undo');
        })
        .catch(() => undefined);
      expect(
        await store.db
          .selectFrom('im_apps')
          .select('app_key')
          .where('app_key', '=', 'gw-inner')
          .execute(),
      ).toEqual([]);
    });

    it('runs a query compiled once with the values of each call, in the placeholders of its engine', async () => {
      await store.db
        .insertInto('im_apps')
        .values([app('co-a'), app('co-b')])
        .execute();
      const byKey = compiledOnce<{ name: string }, [string, string]>(store.db, (db) =>
        db.selectFrom('im_apps').select('name').where('app_key', '=', '').where('secret', '=', ''),
      );
      expect(await byKey('co-a', 'secret-co-a')).toEqual([{ name: 'app co-a' }]);
      expect(await byKey('co-b', 'secret-co-b')).toEqual([{ name: 'app co-b' }]);
      expect(await byKey('co-b', 'secret-co-a')).toEqual([]);
      const wrong = compiledOnce<{ name: string }, [string]>(store.db, (db) =>
        db.selectFrom('im_apps').select('name').where('app_key', '=', '').where('secret', '=', ''),
      );
      await expect(wrong('co-a')).rejects.toThrow('the query has 2 parameters, the call gave 1');
    });

    it('enforces foreign keys', async () => {
      const error = await store.db
        .insertInto('im_accounts')
        .values({
          app_key: 'no-such-app',
          accid: 'x',
          token: 't',
          nick: '',
          disabled: 0,
          created_at: 1,
          updated_at: 1,
        })
        .execute()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
    });

    it('rolls a failed transaction back whole', async () => {
      await expect(
        store.db.transaction().execute(async (trx) => {
          await trx.insertInto('im_apps').values(app('tx1')).execute();
          await trx.insertInto('im_apps').values(app('tx1')).execute();
        }),
      ).rejects.toBeTruthy();
      const found = await store.db
        .selectFrom('im_apps')
        .select('app_key')
        .where('app_key', '=', 'tx1')
        .execute();
      expect(found).toEqual([]);
    });

    it('never over-decrements a counter under concurrent conditional updates', async () => {
      // The pattern the rewards kernel relies on: stock = stock - 1 where stock > 0.
      await sql`create table contract_stock (id integer primary key, stock integer not null)`.execute(
        store.db,
      );
      await sql`insert into contract_stock (id, stock) values (1, 25)`.execute(store.db);
      const attempts = Array.from({ length: 200 }, () =>
        store.db.transaction().execute(async (trx) => {
          const result =
            await sql`update contract_stock set stock = stock - 1 where id = 1 and stock > 0`.execute(
              trx,
            );
          return Number(result.numAffectedRows ?? 0n);
        }),
      );
      const won = (await Promise.all(attempts)).reduce((a, b) => a + b, 0);
      const left = await sql<{
        stock: number;
      }>`select stock from contract_stock where id = 1`.execute(store.db);
      expect(won).toBe(25);
      expect(Number(left.rows[0]!.stock)).toBe(0);
      await sql`drop table contract_stock`.execute(store.db);
    });

    it('keeps data across a restart', async () => {
      await store.db.insertInto('meta').values({ key: 'restart-probe', value: '42' }).execute();
      await store.close();
      store = await fixture.reopen();
      const row = await store.db
        .selectFrom('meta')
        .select('value')
        .where('key', '=', 'restart-probe')
        .executeTakeFirst();
      expect(row?.value).toBe('42');
    });
  });
}
