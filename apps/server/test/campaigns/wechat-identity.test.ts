// The kernel's "ensure WeChat identity, then return to X" (red-packet `oauth` routes use it): the
// bound identity, or 50018 with the authorise path that brings the browser back to X, or 50010
// when WeChat login is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@morsel/api';
import { migrateToLatest, openStore, type Store } from '../../src/store/index.ts';
import type { CampaignContext } from '../../src/campaigns/context.ts';
import type { ProductContext } from '../../src/product/index.ts';
import {
  authorizePath,
  requireWechatIdentity,
} from '../../src/campaigns/kernel/wechat-identity.ts';
import { createUser } from '../../src/product/store/users.ts';
import { linkIdentity, recordIdentity } from '../../src/product/store/wechat-identities.ts';

const T0 = Date.UTC(2026, 0, 15, 4, 0, 0);

function contextWith(store: Store, appId: string | undefined): CampaignContext {
  const product = {
    db: store.db,
    wechatOauth: appId ? { appId, kind: 'wechat' } : undefined,
  } as unknown as ProductContext;
  return {
    product,
    adminKey: undefined,
    cashierKey: undefined,
    adminFailuresPerHour: 20,
    console: { sessionMs: 3600_000, loginFailuresPerHour: 10 },
  };
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('requireWechatIdentity', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ sqliteFile: ':memory:' });
    await migrateToLatest(store.db);
  });
  afterAll(() => store.close());

  it('builds the silent authorise path back to the page', () => {
    expect(authorizePath('/activity/redPacketRain/index?c=1')).toBe(
      '/api/wechat/oauth/authorize?returnTo=%2Factivity%2FredPacketRain%2Findex%3Fc%3D1&scope=snsapi_base',
    );
  });

  it('answers the bound identity, else where to authorise', async () => {
    const ctx = contextWith(store, 'wxapp12345');
    const user = (await createUser(store.db, '13800000201', T0))!;
    const refused = await refusal(
      requireWechatIdentity(ctx, Number(user.id), '/activity/redPacketRain/index'),
    );
    expect(refused.code).toBe(50018);
    expect(refused.data).toEqual({
      authorize: authorizePath('/activity/redPacketRain/index'),
    });
    const identity = await recordIdentity(
      store.db,
      { appId: 'wxapp12345', openid: 'o-rain', unionid: null },
      T0,
    );
    await linkIdentity(store.db, Number(identity.id), Number(user.id), T0);
    const found = await requireWechatIdentity(ctx, Number(user.id), '/');
    expect(found.openid).toBe('o-rain');
  });

  it('refuses with 50010 when WeChat login is off', async () => {
    const refused = await refusal(requireWechatIdentity(contextWith(store, undefined), 1, '/'));
    expect(refused.code).toBe(50010);
  });
});
