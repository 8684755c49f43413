// The WeChat OAuth provider and the mini-program scheme client against the stand-in: the
// authorise URL WeChat expects, the code exchange and profile, and each refusal WeChat answers
// (bad code, used code, expired code, bad secret) as a WechatApiError with WeChat's errcode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../../src/store/index.ts';
import { ManualClock } from '../../src/product/index.ts';
import { WechatApiError } from '../../src/product/wechat/api-client.ts';
import { DevelopmentWechatOAuth, HttpWechatOAuth } from '../../src/product/wechat/oauth.ts';
import { WechatSchemes } from '../../src/product/wechat/scheme.ts';
import { stateKey } from '../../src/product/wechat/state.ts';
import {
  FakeWechatOAuth,
  MINI_APP_ID,
  MINI_SECRET,
  OA_APP_ID,
  OA_SECRET,
} from './fake-wechat-oauth.ts';

async function refusal(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WechatApiError) return error.errcode;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('HttpWechatOAuth against a stand-in for WeChat', () => {
  const wechat = new FakeWechatOAuth();
  let base: string;
  let oauth: HttpWechatOAuth;
  beforeAll(async () => {
    base = await wechat.start();
    oauth = new HttpWechatOAuth({
      appId: OA_APP_ID,
      appSecret: OA_SECRET,
      oauthBase: base,
      apiBase: base,
    });
  });
  afterAll(() => wechat.stop());

  it("builds WeChat's authorise URL with the #wechat_redirect fragment", () => {
    const url = new URL(
      oauth.authorizeUrl({
        redirectUri: 'https://shop.example.com/api/wechat/oauth/callback',
        scope: 'snsapi_userinfo',
        state: 'abc123',
      }),
    );
    expect(url.pathname).toBe('/connect/oauth2/authorize');
    expect([...url.searchParams.keys()]).toEqual([
      'appid',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://shop.example.com/api/wechat/oauth/callback',
    );
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('exchanges a code for the openid and unionid, then reads the profile', async () => {
    const grant = await oauth.exchangeCode(wechat.issueCode('snsapi_userinfo'));
    expect(grant).toMatchObject({
      openid: wechat.openid,
      unionid: wechat.unionid,
      scope: 'snsapi_userinfo',
    });
    expect(await oauth.profile(grant)).toEqual({
      nickname: '小橙子',
      avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/avatar/132',
      unionid: wechat.unionid,
    });
  });

  it('refuses a bad, a used and an expired code, each with its errcode', async () => {
    expect(await refusal(oauth.exchangeCode('not-a-code'))).toBe(40029);
    const code = wechat.issueCode('snsapi_base');
    await oauth.exchangeCode(code);
    expect(await refusal(oauth.exchangeCode(code))).toBe(40163);
    const old = wechat.issueCode('snsapi_base');
    wechat.now += 5 * 60_000 + 1;
    expect(await refusal(oauth.exchangeCode(old))).toBe(42003);
  });

  it('refuses a wrong app secret', async () => {
    const wrong = new HttpWechatOAuth({
      appId: OA_APP_ID,
      appSecret: 'not-the-secret',
      oauthBase: base,
      apiBase: base,
    });
    expect(await refusal(wrong.exchangeCode(wechat.issueCode()))).toBe(40125);
  });

  it('fails cleanly when WeChat cannot be reached', async () => {
    const away = new HttpWechatOAuth({
      appId: OA_APP_ID,
      appSecret: OA_SECRET,
      oauthBase: 'http://127.0.0.1:9',
      apiBase: 'http://127.0.0.1:9',
    });
    expect(await refusal(away.exchangeCode('x'))).toBeUndefined();
  });
});

describe('WechatSchemes against the stand-in', () => {
  const wechat = new FakeWechatOAuth();
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 4, 0, 0));
  let store: Store;
  let schemes: WechatSchemes;
  beforeAll(async () => {
    const base = await wechat.start();
    store = await openStore({ sqliteFile: ':memory:' });
    await migrateToLatest(store.db);
    schemes = new WechatSchemes({
      appId: MINI_APP_ID,
      appSecret: MINI_SECRET,
      apiBase: base,
      db: store.db,
      clock,
    });
  });
  afterAll(async () => {
    await wechat.stop();
    await store.close();
  });

  it('mints a weixin:// scheme with the access token it caches', async () => {
    const target = { path: 'pages/index/index', query: 'from=h5', envVersion: 'release' } as const;
    const first = await schemes.mint(target, clock.now());
    expect(first.openlink).toMatch(/^weixin:\/\/dl\/business\/\?t=/);
    expect(first.expiresAt).toBe(clock.now() + 86_400_000);
    await schemes.mint(target, clock.now());
    expect(wechat.calls.filter((c) => c === '/cgi-bin/token')).toHaveLength(1);
    expect(wechat.schemeBodies[0]).toEqual({
      jump_wxa: { path: 'pages/index/index', query: 'from=h5', env_version: 'release' },
      is_expire: true,
      expire_type: 1,
      expire_interval: 1,
    });
  });

  it("answers WeChat's refusal as an error with its errcode", async () => {
    wechat.schemeErrcode = 85079;
    expect(
      await refusal(
        schemes.mint({ path: 'pages/x/x', query: '', envVersion: 'release' }, clock.now()),
      ),
    ).toBe(85079);
    wechat.schemeErrcode = 0;
  });
});

describe('DevelopmentWechatOAuth', () => {
  let now = 1_000_000;
  const dev = new DevelopmentWechatOAuth(
    (redirect) => new URL('/dev/wechat/authorize', redirect).toString(),
    stateKey(undefined),
    () => now,
  );

  it('takes back only its own codes, for five minutes', async () => {
    const code = dev.issueCode('abcDEF1234567890', 'snsapi_userinfo');
    expect(await dev.exchangeCode(code)).toMatchObject({
      openid: 'dev-abcDEF1234567890',
      scope: 'snsapi_userinfo',
    });
    expect(await refusal(dev.exchangeCode(code.replace('abcDEF', 'zzzDEF')))).toBe(40029);
    now += 5 * 60_000 + 1;
    expect(await refusal(dev.exchangeCode(code))).toBe(42003);
  });
});
