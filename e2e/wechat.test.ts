// WeChat in a phone (docs/wechat.md), with WeChat's user agent: the sign-in tapped logged out
// completes after 微信授权登录 -> the (labelled) development authorise page -> binding a mobile
// number by SMS; the next WeChat login goes straight back. The download pages offer the right
// store where they are opened, inside WeChat with the open-in-browser guide; the jump pages
// open the mini-program through a scheme minted by a stand-in for WeChat's generatescheme, or
// show the mini-program code when minting fails. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FakeWechatOAuth,
  MINI_APP_ID,
  MINI_SECRET,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { collectPageErrors, openPhone, screenshot } from './harness/browser.ts';
import { installWechatSdkStandIn, latestSmsCode, USER_AGENTS } from './shell-support.ts';

const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2171A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** Screenshots at the iPhone's 390 px and at 320 px (the smallest phone still sold). */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

async function openWechatPhone(userAgent = USER_AGENTS.wechat) {
  const phone = await openPhone({ userAgent });
  await installWechatSdkStandIn(phone.context);
  const page = await phone.newPage();
  return { phone, page, errors: collectPageErrors(page) };
}

describe('WeChat authorisation login', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(() => app?.stop());

  it('completes the tapped sign-in after WeChat authorisation and binding a number', async () => {
    const { phone, page, errors } = await openWechatPhone();
    try {
      await page.goto(`${app.url}/activity/sign/index`);
      await page.getByRole('button', { name: /立即签到/ }).click();
      await page.getByRole('button', { name: '去登录' }).click();
      await page.waitForURL((url) => url.pathname === '/my/login');
      const wechat = page.getByRole('button', { name: '微信授权登录' });
      await wechat.waitFor();
      await bothWidths(page, 'wechat-login-offered');
      // Consent first, as for SMS.
      await wechat.click();
      await page.getByText('请先阅读并勾选同意《用户服务协议》和《隐私政策》').waitFor();
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await wechat.click();

      await page.waitForURL((url) => url.pathname === '/dev/wechat/authorize');
      await page.getByText('开发环境：这不是微信').waitFor();
      await bothWidths(page, 'wechat-dev-authorize');
      await page.getByRole('link', { name: '允许' }).click();

      await page.waitForURL(
        (url) => url.pathname === '/my/login' && url.searchParams.has('wxBind'),
      );
      await page.getByRole('heading', { name: '绑定手机号' }).waitFor();
      expect(await page.getByRole('button', { name: '微信授权登录' }).count()).toBe(0);
      await page.getByRole('textbox', { name: '手机号' }).fill('13900007001');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('button', { name: '60s后重发' }).waitFor();
      await page
        .getByRole('textbox', { name: '短信验证码' })
        .fill(await latestSmsCode(app.url, '13900007001'));
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await bothWidths(page, 'wechat-bind-mobile');
      await page.getByRole('button', { name: '绑定并登录' }).click();

      // Back on the campaign, the sign-in tapped before the round trip completes by itself.
      await page.waitForURL((url) => url.pathname === '/activity/sign/index');
      const popup = page.getByRole('dialog', { name: '签到成功' });
      await popup.getByText('已连续签到 1 天').waitFor();
      await bothWidths(page, 'wechat-sign-resumed');

      // Logged out, the next WeChat login goes straight back: the WeChat is bound.
      await page.context().clearCookies({ name: 'ut' });
      await page.goto(
        `${app.url}/my/login?loginFrom=${encodeURIComponent('/activity/sign/award')}`,
      );
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '微信授权登录' }).click();
      await page.getByRole('link', { name: '允许' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/sign/award');
      await page.getByText('139 ****7001').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('says so on the login page when the shopper refuses', async () => {
    const { phone, page, errors } = await openWechatPhone();
    try {
      await page.goto(`${app.url}/my/login`);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '微信授权登录' }).click();
      await page.getByRole('link', { name: '拒绝' }).click();
      await page.waitForURL((url) => url.searchParams.get('wxError') === '50014');
      await page.getByText('您已取消微信授权').waitFor();
      await page.getByRole('heading', { name: '手机号快捷登录' }).waitFor();
      await bothWidths(page, 'wechat-login-refused');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('offers no WeChat login in a plain browser', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      await page.goto(`${app.url}/my/login`);
      await page.getByRole('heading', { name: '手机号快捷登录' }).waitFor();
      expect(await page.getByRole('button', { name: '微信授权登录' }).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });
});

describe('download and jump pages', () => {
  const wechat = new FakeWechatOAuth();
  let app: TestServer;
  beforeAll(async () => {
    const wx = await wechat.start();
    app = await startTestServer({
      webDist: WEB_DIST,
      wechatMiniAppId: MINI_APP_ID,
      wechatMiniAppSecret: MINI_SECRET,
      wechatApiBase: wx,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await wechat.stop();
  });

  it('links an iPhone browser to the App Store with the version', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/download/outdoor`);
      const store = page.getByRole('link', { name: /App Store 下载/ });
      await store.waitFor();
      expect(await store.getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
      await page.getByText('v5.8.0').waitFor();
      await expect.poll(() => page.title()).toBe('下载App');
      await bothWidths(page, 'download-outdoor-iphone');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('offers 应用宝 and the open-in-browser guide inside WeChat on Android', async () => {
    const { phone, page, errors } = await openWechatPhone(ANDROID_WECHAT);
    try {
      await page.goto(`${app.url}/activity/download/activity`);
      const store = page.getByRole('link', { name: /应用宝下载/ });
      await store.waitFor();
      expect(await store.getAttribute('href')).toMatch(/^https:\/\/a\.app\.qq\.com\//);
      await bothWidths(page, 'download-activity-wechat-android');
      await page.getByRole('button', { name: '在浏览器中打开下载' }).click();
      const guide = page.getByRole('dialog', { name: '在浏览器中打开' });
      await guide.getByText('2. 选择「在浏览器打开」').waitFor();
      await bothWidths(page, 'download-browser-guide');
      await guide.getByRole('button', { name: '我知道了' }).click();
      expect(await guide.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('opens the mini-program through a minted scheme, and shows its code when minting fails', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      await page.goto(`${app.url}/activity/mutual/h5ToWx`);
      const open = page.getByRole('button', { name: '打开微信小程序' });
      await open.waitFor();
      await bothWidths(page, 'mutual-h5ToWx');
      // The scheme leaves the page for WeChat: catch where it goes.
      const leaving = page.waitForEvent('framenavigated').catch(() => null);
      await open.click();
      await expect.poll(() => wechat.schemeBodies.length).toBe(1);
      void leaving;
      expect(wechat.schemeBodies[0]).toMatchObject({
        jump_wxa: { path: 'pages/activity/index', query: 'from=h5ToWx' },
      });

      wechat.schemeErrcode = 85079;
      const again = await phone.newPage();
      await again.goto(`${app.url}/activity/download/H5JumpWechat`);
      await again.getByRole('button', { name: '打开微信小程序' }).click();
      await again.getByText('暂时无法打开小程序，请扫码进入').waitFor();
      await again.getByRole('img', { name: /小程序码/ }).waitFor();
      await bothWidths(again, 'jump-fallback-code');
      wechat.schemeErrcode = 0;
    } finally {
      await phone.close();
    }
  });

  it('shows the mini-program code inside WeChat, where a scheme does not open', async () => {
    const { phone, page, errors } = await openWechatPhone();
    try {
      await page.goto(`${app.url}/activity/mutual/WeChatScheme`);
      await page.getByText(/长按识别小程序码/).waitFor();
      expect(await page.getByRole('button', { name: '打开微信小程序' }).count()).toBe(0);
      await bothWidths(page, 'mutual-wechatscheme-in-wechat');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
