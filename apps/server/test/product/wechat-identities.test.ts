// The WeChat identity store on every engine: one row per openid (profile refreshed, unionid
// kept), binding is one statement (two racing binds: one wins), one WeChat per shopper, and a
// pending authorisation is taken once and not after it expires.
import { afterAll, describe, expect, it } from 'vitest';
import { forEachEngine } from '../harness/index.ts';
import type { Store } from '../../src/store/index.ts';
import { createUser } from '../../src/product/store/users.ts';
import { writeCache } from '../../src/product/store/housekeeping.ts';
import {
  findIdentityOfUser,
  linkIdentity,
  recordIdentity,
  takePendingState,
} from '../../src/product/store/wechat-identities.ts';

const T0 = Date.UTC(2026, 0, 15, 4, 0, 0);
const APP = 'wx0a1b2c3d4e5f6a7b';
const disposals: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(disposals.map((dispose) => dispose()));
});

await forEachEngine((engine) => {
  describe(`wechat identities on ${engine.label}`, () => {
    const withStore = (test: (store: Store) => Promise<void>) => async () => {
      const fresh = await engine.freshStore();
      disposals.push(fresh.dispose);
      const store = await fresh.open();
      try {
        await test(store);
      } finally {
        await store.close();
      }
    };

    it(
      'keeps one row per openid, refreshing the profile and keeping the unionid',
      withStore(async ({ db }) => {
        const first = await recordIdentity(
          db,
          { appId: APP, openid: 'o1', unionid: 'u1', profile: { nickname: 'A', avatarUrl: 'x' } },
          T0,
        );
        const again = await recordIdentity(db, { appId: APP, openid: 'o1', unionid: null }, T0 + 1);
        expect(Number(again.id)).toBe(Number(first.id));
        expect(again).toMatchObject({ unionid: 'u1', nickname: 'A', avatar_url: 'x' });
        const other = await recordIdentity(
          db,
          { appId: 'wxother123', openid: 'o1', unionid: null },
          T0,
        );
        expect(Number(other.id)).not.toBe(Number(first.id));
      }),
    );

    it(
      'binds once under a race, and one WeChat per shopper',
      withStore(async ({ db }) => {
        const a = (await createUser(db, '13800000101', T0))!;
        const b = (await createUser(db, '13800000102', T0))!;
        const identity = await recordIdentity(db, { appId: APP, openid: 'o2', unionid: null }, T0);
        const outcomes = await Promise.all([
          linkIdentity(db, Number(identity.id), Number(a.id), T0),
          linkIdentity(db, Number(identity.id), Number(b.id), T0),
        ]);
        expect(outcomes.filter((o) => o === 'linked')).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'boundElsewhere')).toHaveLength(1);
        const winner = outcomes[0] === 'linked' ? a : b;
        expect(await linkIdentity(db, Number(identity.id), Number(winner.id), T0)).toBe(
          'alreadyYours',
        );
        const second = await recordIdentity(db, { appId: APP, openid: 'o3', unionid: null }, T0);
        expect(await linkIdentity(db, Number(second.id), Number(winner.id), T0)).toBe(
          'userHasOther',
        );
        expect(Number((await findIdentityOfUser(db, APP, Number(winner.id)))!.id)).toBe(
          Number(identity.id),
        );
      }),
    );

    it(
      'takes a pending authorisation once, and not once it has expired',
      withStore(async ({ db }) => {
        await writeCache(db, 'wechat.oauth_state:a', '{"returnTo":"/"}', T0 + 1000);
        expect(await takePendingState(db, 'wechat.oauth_state:a', T0)).toBe('{"returnTo":"/"}');
        expect(await takePendingState(db, 'wechat.oauth_state:a', T0)).toBeUndefined();
        await writeCache(db, 'wechat.oauth_state:b', '{}', T0 + 1000);
        expect(await takePendingState(db, 'wechat.oauth_state:b', T0 + 1000)).toBeUndefined();
      }),
    );
  });
});
