// The download and jump pages over real HTTP on both engines: the seeded configuration, an
// operator's change through the admin API, and mini-program schemes minted by the stand-in for
// WeChat's generatescheme (shared for ten minutes), with each fallback code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { FakeWechatOAuth, MINI_APP_ID, MINI_SECRET } from '../product/fake-wechat-oauth.ts';
import { admin, call, data, onEachEngine, startCampaignServer } from './helpers.ts';

const SCHEME = '/api/wechat/mini/scheme';

await onEachEngine((engine, engineConfig, cleanup) => {
  describe(`download and jump pages (${engine})`, () => {
    const wechat = new FakeWechatOAuth();
    let s: ProductTestServer;
    beforeAll(async () => {
      const wx = await wechat.start();
      s = await startCampaignServer({
        ...(await engineConfig()),
        wechatMiniAppId: MINI_APP_ID,
        wechatMiniAppSecret: MINI_SECRET,
        wechatApiBase: wx,
      });
    });
    afterAll(async () => {
      await s?.stop();
      await wechat.stop();
      await cleanup();
    });

    it('answers each page with the store links, versions and what it offers', async () => {
      const outdoor = data(await call(s.url, 'GET', '/api/campaign/download/outdoor'));
      expect(outdoor).toMatchObject({
        page: 'outdoor',
        offer: 'app',
        ios: { version: '5.8.0' },
        android: { version: '5.8.0' },
        miniProgram: { jump: false },
      });
      expect(outdoor.ios.url).toMatch(/^https:\/\/apps\.apple\.com\//);
      const jump = data(await call(s.url, 'GET', '/api/campaign/download/h5ToWx'));
      expect(jump).toMatchObject({ offer: 'miniProgram', miniProgram: { jump: true } });
      expect((await call(s.url, 'GET', '/api/campaign/download/nope')).body.code).toBe(64900);
    });

    it('mints a scheme for a jump page and shares it for ten minutes', async () => {
      const first = data(await call(s.url, 'POST', SCHEME, { body: { page: 'h5ToWx' } }));
      expect(first.openlink).toMatch(/^weixin:\/\/dl\/business\/\?t=/);
      const second = data(await call(s.url, 'POST', SCHEME, { body: { page: 'h5ToWx' } }));
      expect(second.openlink).toBe(first.openlink);
      expect(wechat.schemeBodies).toHaveLength(1);
      expect(wechat.schemeBodies[0]).toMatchObject({
        jump_wxa: { path: 'pages/activity/index', query: 'from=h5ToWx', env_version: 'release' },
      });
      s.clock.advance(10 * 60_000 + 1);
      const later = data(await call(s.url, 'POST', SCHEME, { body: { page: 'h5ToWx' } }));
      expect(later.openlink).not.toBe(first.openlink);
    });

    it('answers a fallback code when WeChat refuses or the page has no target', async () => {
      wechat.schemeErrcode = 85079;
      expect(
        (await call(s.url, 'POST', SCHEME, { body: { page: 'WeChatScheme' } })).body.code,
      ).toBe(50021);
      wechat.schemeErrcode = 0;
      expect((await call(s.url, 'POST', SCHEME, { body: { page: 'outdoor' } })).body.code).toBe(
        50022,
      );
      expect((await call(s.url, 'POST', SCHEME, { body: { page: 'nope' } })).body.code).toBe(64900);
      expect((await call(s.url, 'POST', SCHEME, { body: { page: '../x' } })).body.code).toBe(10001);
    });

    it('takes a new version and store link from an operator', async () => {
      const current = data(await admin(s.url, 'GET', '/admin/api/campaigns/download'));
      const settings = {
        ...current.settings,
        android: {
          url: 'https://downloads.morsel.example.com/android/morsel-5.9.0.apk',
          version: '5.9.0',
        },
      };
      expect(
        (await admin(s.url, 'PATCH', '/admin/api/campaigns/download', { settings })).body.code,
      ).toBe(0);
      const page = data(await call(s.url, 'GET', '/api/campaign/download/activity'));
      expect(page.android).toEqual(settings.android);
      const bad = { ...settings, ios: { url: 'javascript:alert(1)', version: '1' } };
      expect(
        (await admin(s.url, 'PATCH', '/admin/api/campaigns/download', { settings: bad })).body.code,
      ).toBe(61003);
    });
  });
});

describe('jump pages without the mini-program settings', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  it('say so, and the page offers no scheme', async () => {
    expect(data(await call(s.url, 'GET', '/api/campaign/download/h5ToWx')).miniProgram.jump).toBe(
      false,
    );
    expect((await call(s.url, 'POST', SCHEME, { body: { page: 'h5ToWx' } })).body.code).toBe(50020);
  });
});
