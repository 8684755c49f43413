// The client log store on both engines: daily byte quotas per app, device and address, and
// pruning by age (review H2).
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { ClientLogStore } from '../../src/im/client-logs/store.ts';
import { forEachEngine } from '../harness/index.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 15, 4, 0, 0); // noon in China: T0 + 11 h is still the same day
const QUOTAS = { app: 10_000, device: 3_000, address: 5_000 };

function clientLogStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`client log store on ${name}`, () => {
    const withStore = (test: (store: Store) => Promise<void>) => async () => {
      const store = await open();
      try {
        await test(store);
      } finally {
        await store.close();
      }
    };

    it(
      'refuses the write that goes over a daily quota, then every write of that scope until midnight China time',
      withStore(async (store) => {
        const logs = new ClientLogStore(store);
        const phone = { appKey: 'app', deviceId: 'phone', address: '203.0.113.1' };
        expect(await logs.spendQuota(phone, 2_000, QUOTAS, T0)).toBeUndefined();
        expect(await logs.spendQuota(phone, 1_000, QUOTAS, T0 + 1)).toBeUndefined();
        expect(await logs.spendQuota(phone, 1, QUOTAS, T0 + 2)).toBe('device');
        expect(await logs.spendQuota(phone, 1, QUOTAS, T0 + 3)).toBe('device');
        // Another device behind the same address has 2,000 bytes of the address left.
        const tablet = { ...phone, deviceId: 'tablet' };
        expect(await logs.spendQuota(tablet, 2_000, QUOTAS, T0 + 4)).toBeUndefined();
        expect(await logs.spendQuota(tablet, 100, QUOTAS, T0 + 5)).toBe('address');
        // Other addresses fill the app's quota.
        expect(
          await logs.spendQuota(
            { ...phone, deviceId: 'd3', address: '203.0.113.2' },
            2_900,
            QUOTAS,
            T0 + 6,
          ),
        ).toBeUndefined();
        expect(
          await logs.spendQuota(
            { ...phone, deviceId: 'd4', address: '203.0.113.3' },
            2_900,
            QUOTAS,
            T0 + 7,
          ),
        ).toBe('app');
        expect(
          await logs.spendQuota(
            { ...phone, deviceId: 'd5', address: '203.0.113.4' },
            1,
            QUOTAS,
            T0 + 8,
          ),
        ).toBe('app');
        // A new day starts afresh.
        expect(await logs.spendQuota(phone, 2_000, QUOTAS, T0 + DAY)).toBeUndefined();
      }),
    );

    it(
      'prunes logs and error reports older than the cut-off',
      withStore(async (store) => {
        const logs = new ClientLogStore(store);
        const entry = {
          app_key: 'app',
          kind: 'lines',
          uid: 'u',
          os: '',
          session: '',
          ver: '',
          type: '',
          platform: '',
        };
        await logs.addLog({ ...entry, content: 'old' }, T0 - 15 * DAY);
        await logs.addLog({ ...entry, content: 'kept' }, T0 - 13 * DAY);
        await logs.addErrorReport(
          { app_key: 'app', device_id: 'd', event_count: 1, body: '{}' },
          T0 - 15 * DAY,
        );
        await logs.addErrorReport(
          { app_key: 'app', device_id: 'd', event_count: 2, body: '{}' },
          T0,
        );

        expect(await logs.prune(T0 - 14 * DAY)).toBe(2);
        expect(
          (await store.db.selectFrom('im_client_logs').select('content').execute()).map(
            (r) => r.content,
          ),
        ).toEqual(['kept']);
        expect(
          (
            await store.db.selectFrom('im_client_error_reports').select('event_count').execute()
          ).map((r) => r.event_count),
        ).toEqual([2]);
      }),
    );
  });
}

const disposals: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(disposals.map((dispose) => dispose()));
});

await forEachEngine((engine) => {
  clientLogStoreContract(engine.label, async () => {
    const fresh = await engine.freshStore();
    disposals.push(fresh.dispose);
    return fresh.open();
  });
});
