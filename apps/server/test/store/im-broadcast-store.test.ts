// Kept broadcasts and their acknowledgements (migrations 0059, 0067) on both engines: an account's
// sync leaves out what it acknowledged, other accounts and apps are untouched, only kept and
// unexpired broadcasts can be acknowledged, and pruning forgets expired broadcasts with their acks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import {
  acknowledgeBroadcasts,
  insertBroadcast,
  keptBroadcastsSince,
  pruneBroadcasts,
} from '../../src/im/broadcasts/store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'castapp';

await forEachEngine('broadcast store', (engine) => {
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

  const cast = (appKey: string, time: number, expiresAt: number) =>
    insertBroadcast(store.db, {
      app_key: appKey,
      from_accid: '',
      body: `b${time}`,
      target_os: '',
      time,
      expires_at: expiresAt,
    });
  const bodies = async (appKey: string, accid: string, now: number) =>
    (await keptBroadcastsSince(store.db, appKey, accid, 0, now, 100)).map((row) => row.body);

  it("leaves an account's acknowledged broadcasts out of its sync, until they are pruned", async () => {
    const first = await cast(APP, 1000, 5000);
    const second = await cast(APP, 2000, 9000);
    const onlineOnly = await cast(APP, 3000, 0);
    await cast('otherapp', 1000, 5000);

    await acknowledgeBroadcasts(store.db, APP, 'ann', [first, onlineOnly, 424242], 4000);
    // Twice is once.
    await acknowledgeBroadcasts(store.db, APP, 'ann', [first], 4000);
    expect(await bodies(APP, 'ann', 4000)).toEqual(['b2000']);
    expect(await bodies(APP, 'bob', 4000)).toEqual(['b1000', 'b2000']);
    expect(await bodies('otherapp', 'ann', 4000)).toEqual(['b1000']);
    const acks = await store.db.selectFrom('im_broadcast_acks').selectAll().execute();
    expect(acks.map((a) => [a.accid, Number(a.broadcast_time), Number(a.expires_at)])).toEqual([
      ['ann', first, 5000],
    ]);

    // An expired broadcast cannot be acknowledged; pruning takes it and its acks away.
    await acknowledgeBroadcasts(store.db, APP, 'bob', [first], 6000);
    await pruneBroadcasts(store.db, 6000);
    expect(await store.db.selectFrom('im_broadcast_acks').selectAll().execute()).toEqual([]);
    await acknowledgeBroadcasts(store.db, APP, 'ann', [second], 6000);
    expect(await bodies(APP, 'ann', 6000)).toEqual([]);
    expect(await bodies(APP, 'bob', 6000)).toEqual(['b2000']);
  });
});
