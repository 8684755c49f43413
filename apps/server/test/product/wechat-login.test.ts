// WeChat authorisation over real HTTP on both engines, with the stand-in for WeChat as the
// provider: first login binds a mobile number by SMS code, the next one logs straight in; a
// shopper already logged in gets the WeChat bound; forged, foreign, replayed and refused
// authorisations end on the login page with their code; the development provider's labelled page
// does the same round trip without WeChat. Then the mini-program scheme and the download pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/index.ts';
import { call, data, onEachEngine } from '../campaigns/helpers.ts';
import {
  LEGACY,
  outboxCode,
  sendCode,
  startProductServer,
  type ProductTestServer,
} from './helpers.ts';
import { FakeWechatOAuth, OA_APP_ID, OA_SECRET } from './fake-wechat-oauth.ts';

/** A browser: keeps cookies, follows nothing by itself. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string): Promise<{ status: number; location: string; text: string }> {
    const response = await fetch(url, { redirect: 'manual', headers: this.header() });
    this.keep(response);
    return {
      status: response.status,
      location: response.headers.get('location') ?? '',
      text: await response.text(),
    };
  }

  async post<T = unknown>(url: string, body: unknown) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        ...this.header(),
        'content-type': 'application/json',
        origin: new URL(url).origin,
      },
      body: JSON.stringify(body),
    });
    this.keep(response);
    return (await response.json()) as { code: number; message: string; data: T };
  }

  private header(): Record<string, string> {
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return jar ? { cookie: jar } : {};
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value) this.cookies.set(pair!.slice(0, at), value);
      else this.cookies.delete(pair!.slice(0, at));
    }
  }
}

/** Where the server's redirect lands, relative redirects resolved against the server. */
function landing(base: string, location: string): URL {
  return new URL(location, base);
}

let nextMobile = 15_900_000_000 + (process.pid % 1000) * 10_000;

await onEachEngine((engine, engineConfig, cleanup) => {
  describe(`WeChat login with the WeChat provider (${engine})`, () => {
    const wechat = new FakeWechatOAuth();
    let s: ProductTestServer;
    let base: string;
    beforeAll(async () => {
      const wx = await wechat.start();
      const overrides: Partial<Config> = {
        ...(await engineConfig()),
        wechatOauth: 'wechat',
        wechatAppId: OA_APP_ID,
        wechatAppSecret: OA_SECRET,
        wechatOauthBase: wx,
        wechatApiBase: wx,
        smsDailyLimitPerAddress: 100_000,
        smsImageCaptchaAfterPerAddress: 100_000,
      };
      s = await startProductServer(overrides);
      base = s.url;
    });
    afterAll(async () => {
      await s?.stop();
      await wechat.stop();
      await cleanup();
    });

    /** authorize -> WeChat's page (consents) -> our callback: where the callback sends us. */
    async function roundTrip(browser: Browser, returnTo: string, scope = 'snsapi_userinfo') {
      const start = await browser.get(
        `${base}/api/wechat/oauth/authorize?returnTo=${encodeURIComponent(returnTo)}&scope=${scope}`,
      );
      expect(start.status).toBe(302);
      const consent = await browser.get(start.location);
      expect(consent.status).toBe(302);
      const back = await browser.get(consent.location);
      expect(back.status).toBe(302);
      return landing(base, back.location);
    }

    it('sends the browser to WeChat with a short alphanumeric state and our callback', async () => {
      const browser = new Browser();
      const start = await browser.get(`${base}/api/wechat/oauth/authorize?returnTo=%2F`);
      const url = new URL(start.location);
      expect(url.pathname).toBe('/connect/oauth2/authorize');
      expect(url.searchParams.get('appid')).toBe(OA_APP_ID);
      expect(url.searchParams.get('redirect_uri')).toBe(`${base}/api/wechat/oauth/callback`);
      expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
      expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{1,128}$/);
      expect(browser.cookies.get('wx_oauth_b')).toMatch(/^[A-Za-z0-9]{24}$/);
    });

    it('binds a mobile number on the first login, then logs straight in', async () => {
      wechat.openid = `o-first-${engine}`;
      const browser = new Browser();
      const returnTo = '/activity/raffle/index?shareCode=ABCD2345';
      const bindPage = await roundTrip(browser, returnTo);
      expect(bindPage.pathname).toBe('/my/login');
      expect(bindPage.searchParams.get('loginFrom')).toBe(returnTo);
      const ticket = bindPage.searchParams.get('wxBind')!;
      expect(ticket).toBeTruthy();
      expect(browser.cookies.has('ut')).toBe(false);

      const mobile = String(++nextMobile);
      await sendCode(base, mobile);
      const captchas = await outboxCode(base, mobile);
      // The ticket belongs to the browser that authorised.
      const stranger = new Browser();
      expect(
        (await stranger.post(`${base}/api/wechat/oauth/bind`, { ticket, mobile, captchas })).code,
      ).toBe(50015);
      const bound = await browser.post<{
        ut: string;
        registered: boolean;
        user: { mobile: string };
      }>(`${base}/api/wechat/oauth/bind`, { ticket, mobile, captchas, ...LEGACY });
      expect(bound.code).toBe(0);
      expect(bound.data.registered).toBe(true);
      expect(bound.data.user.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
      const identity = data(await call(base, 'GET', '/api/wechat/identity', { ut: bound.data.ut }));
      expect(identity).toEqual({
        bound: true,
        nickname: '小橙子',
        avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/avatar/132',
        provider: 'wechat',
      });

      // A second bind with the same ticket: the WeChat is taken now.
      await sendCode(base, mobile, {}, {});
      s.clock.advance(61_000);
      await sendCode(base, mobile);
      expect(
        (
          await browser.post(`${base}/api/wechat/oauth/bind`, {
            ticket,
            mobile,
            captchas: await outboxCode(base, mobile),
          })
        ).code,
      ).toBe(50016);

      // Next time, in a fresh browser: straight back to the page, logged in.
      const again = new Browser();
      const page = await roundTrip(again, returnTo, 'snsapi_base');
      expect(`${page.pathname}${page.search}`).toBe(returnTo);
      const ut = again.cookies.get('ut')!;
      expect(data(await call(base, 'GET', '/ouser-web/api/user/info.do', { ut })).mobile).toBe(
        bound.data.user.mobile,
      );
    });

    it('binds the WeChat of a shopper who is already logged in', async () => {
      wechat.openid = `o-logged-in-${engine}`;
      const shopper = await newShopperWithLimits(base);
      const browser = new Browser();
      browser.cookies.set('ut', shopper.ut);
      const page = await roundTrip(browser, '/activity/sign/index', 'snsapi_base');
      expect(page.pathname).toBe('/activity/sign/index');
      const identity = data(await call(base, 'GET', '/api/wechat/identity', { ut: shopper.ut }));
      expect(identity).toMatchObject({ bound: true, nickname: '' });
    });

    it('refuses a state from another browser, a forged one and a replayed one', async () => {
      const alice = new Browser();
      const start = await alice.get(`${base}/api/wechat/oauth/authorize?returnTo=%2F`);
      const consent = await alice.get(start.location);
      // Mallory's browser arrives with Alice's code and state.
      const mallory = new Browser();
      await mallory.get(`${base}/api/wechat/oauth/authorize?returnTo=%2F`);
      const stolen = await mallory.get(consent.location);
      expect(landing(base, stolen.location).searchParams.get('wxError')).toBe('50011');

      const forged = new URL(consent.location);
      forged.searchParams.set('state', 'A'.repeat(60));
      const refused = await alice.get(forged.toString());
      expect(landing(base, refused.location).searchParams.get('wxError')).toBe('50011');

      const first = await alice.get(consent.location);
      expect(landing(base, first.location).searchParams.get('wxError')).toBeNull();
      const replay = await alice.get(consent.location);
      expect(landing(base, replay.location).searchParams.get('wxError')).toBe('50011');
    });

    it('ends on the login page when the shopper refuses or the code is no good', async () => {
      const browser = new Browser();
      const start = await browser.get(
        `${base}/api/wechat/oauth/authorize?returnTo=%2Factivity%2Fsign%2Findex`,
      );
      const state = new URL(start.location).searchParams.get('state')!;
      const denied = await browser.get(`${base}/api/wechat/oauth/callback?state=${state}`);
      const deniedAt = landing(base, denied.location);
      expect(deniedAt.pathname).toBe('/my/login');
      expect(deniedAt.searchParams.get('wxError')).toBe('50014');
      expect(deniedAt.searchParams.get('loginFrom')).toBe('/activity/sign/index');

      const again = await browser.get(`${base}/api/wechat/oauth/authorize?returnTo=%2F`);
      const state2 = new URL(again.location).searchParams.get('state')!;
      const bad = await browser.get(`${base}/api/wechat/oauth/callback?code=bogus&state=${state2}`);
      expect(landing(base, bad.location).searchParams.get('wxError')).toBe('50012');
    });

    it('refuses a return address on another site and an unknown scope', async () => {
      const browser = new Browser();
      for (const returnTo of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
        const answer = await browser.get(
          `${base}/api/wechat/oauth/authorize?returnTo=${encodeURIComponent(returnTo)}`,
        );
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text).code).toBe(10001);
      }
      const scope = await browser.get(`${base}/api/wechat/oauth/authorize?scope=snsapi_login`);
      expect(JSON.parse(scope.text).code).toBe(10001);
    });

    it('the development page is not served with the WeChat provider', async () => {
      const answer = await new Browser().get(
        `${base}/dev/wechat/authorize?redirect_uri=${encodeURIComponent(`${base}/api/wechat/oauth/callback`)}&scope=snsapi_base&state=x`,
      );
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text).code).toBe(50019);
    });
  });
});

let nextShopperMobile = 14_700_000_000 + (process.pid % 1000) * 10_000;

async function newShopperWithLimits(base: string) {
  const mobile = String(++nextShopperMobile);
  await sendCode(base, mobile);
  const answer = await call(base, 'POST', '/ouser-web/memberRegisterForm.do', {
    body: { mobile, captchas: await outboxCode(base, mobile), ...LEGACY },
  });
  return { ut: data(answer).ut as string };
}

describe('WeChat login with a bad app secret', () => {
  const wechat = new FakeWechatOAuth();
  let s: ProductTestServer;
  beforeAll(async () => {
    const wx = await wechat.start();
    s = await startProductServer({
      wechatOauth: 'wechat',
      wechatAppId: OA_APP_ID,
      wechatAppSecret: 'not-the-secret-at-all',
      wechatOauthBase: wx,
      wechatApiBase: wx,
    });
  });
  afterAll(async () => {
    await s?.stop();
    await wechat.stop();
  });

  it('ends on the login page with "授权失败" instead of an error page', async () => {
    const browser = new Browser();
    const start = await browser.get(`${s.url}/api/wechat/oauth/authorize?returnTo=%2F`);
    const consent = await browser.get(start.location);
    const back = await browser.get(consent.location);
    expect(landing(s.url, back.location).searchParams.get('wxError')).toBe('50013');
  });
});

describe('the development identity provider (the default)', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer({
      smsDailyLimitPerAddress: 100_000,
      smsImageCaptchaAfterPerAddress: 100_000,
    });
  });
  afterAll(() => s?.stop());

  it('shows a labelled page whose 允许 completes the same round trip', async () => {
    const browser = new Browser();
    const start = await browser.get(`${s.url}/api/wechat/oauth/authorize?returnTo=%2F`);
    const page = landing(s.url, start.location);
    expect(page.pathname).toBe('/dev/wechat/authorize');
    const html = (await browser.get(page.toString())).text;
    expect(html).toContain('开发环境：这不是微信');
    const allow = /<a class="button allow" href="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&');
    const back = await browser.get(allow);
    const login = landing(s.url, back.location);
    expect(login.pathname).toBe('/my/login');
    const ticket = login.searchParams.get('wxBind')!;
    const mobile = String(++nextMobile);
    await sendCode(s.url, mobile);
    const bound = await browser.post<{ ut: string }>(`${s.url}/api/wechat/oauth/bind`, {
      ticket,
      mobile,
      captchas: await outboxCode(s.url, mobile),
    });
    expect(bound.code).toBe(0);
    const identity = data(await call(s.url, 'GET', '/api/wechat/identity', { ut: bound.data.ut }));
    expect(identity).toMatchObject({ bound: true, provider: 'development' });
  });

  it('hands codes only to our own callback', async () => {
    const answer = await new Browser().get(
      `${s.url}/dev/wechat/authorize?redirect_uri=${encodeURIComponent('https://evil.example/api/wechat/oauth/callback')}&scope=snsapi_base&state=x`,
    );
    expect(JSON.parse(answer.text).code).toBe(10001);
  });
});
