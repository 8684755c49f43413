// The same pages under WeChat, Alipay, a mini-program and the native app (spec sections 5 and 6):
// the guard's rule for each, the session taken from each, the WeChat JS-SDK set-up and the
// native bridge calls (recorded by a stand-in, as docs/native-bridge.md defines them).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, openPhone, screenshot } from './harness/browser.ts';
import { WEB_DIST } from './harness/app.ts';
import {
  installWechatSdkStandIn,
  loginThroughApi,
  nativeCalls,
  openInApp,
  USER_AGENTS,
} from './shell-support.ts';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';

const JSAPI_TICKET = 'e2e-jsapi-ticket-0123456789';
const WECHAT_APP_ID = 'wx0123456789abcdef';

describe('environments', () => {
  let app: TestServer;
  let token: string;

  beforeAll(async () => {
    app = await startTestServer({
      webDist: WEB_DIST,
      wechatAppId: WECHAT_APP_ID,
      wechatJsapiTicket: JSAPI_TICKET,
    });
    token = await loginThroughApi(app.url, '13500135000');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('WeChat: a login route stays open, and the JS-SDK is configured with a valid signature and the share content', async () => {
    const phone = await openPhone({ userAgent: USER_AGENTS.wechat });
    try {
      await installWechatSdkStandIn(phone.context);
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/sign/award`);
      await page.getByText('登录后查看我的奖品').waitFor();
      expect(new URL(page.url()).pathname).toBe('/activity/sign/award');
      await screenshot(page, 'wechat-sign-award');

      await page.goto(`${app.url}/?from=timeline#top`);
      await page.getByRole('heading', { name: '活动中心' }).waitFor();
      const calls = await page.waitForFunction(() => {
        const recorded =
          (window as unknown as { __wxCalls?: [string, Record<string, unknown>][] }).__wxCalls ??
          [];
        return recorded.some(([name]) => name === 'updateAppMessageShareData') && recorded;
      });
      const recorded = (await calls.jsonValue()) as [string, Record<string, unknown>][];
      const config = recorded.find(([name]) => name === 'config')![1];
      expect(config).toMatchObject({ appId: WECHAT_APP_ID, debug: false });
      expect(config.jsApiList).toContain('updateAppMessageShareData');
      // WeChat's own rule: sha1 over the sorted fields, the URL without its fragment.
      const signed = `jsapi_ticket=${JSAPI_TICKET}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${app.url}/?from=timeline`;
      expect(config.signature).toBe(crypto.createHash('sha1').update(signed).digest('hex'));
      expect(recorded.find(([name]) => name === 'updateAppMessageShareData')![1]).toMatchObject({
        title: '活动中心',
        desc: '签到、抽奖、领券，好吃又好玩',
        link: `${app.url}/`,
        imgUrl: `${app.url}/favicon.svg`,
      });
      expect(recorded.find(([name]) => name === 'updateTimelineShareData')![1]).toMatchObject({
        title: '活动中心',
      });
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('Alipay: a login route stays open', async () => {
    const phone = await openPhone({ userAgent: USER_AGENTS.alipay });
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/sign/award`);
      await page.getByText('登录后查看我的奖品').waitFor();
      expect(new URL(page.url()).pathname).toBe('/activity/sign/award');
      await screenshot(page, 'alipay-sign-award');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it.each([
    ['mini-program', USER_AGENTS.miniProgram, 'mini-program-sign-award'],
    ['Alipay mini-program', USER_AGENTS.alipayMiniProgram, 'alipay-mini-program-sign-award'],
  ])(
    '%s: the ut query parameter becomes the session, the other parameters stay',
    async (_name, userAgent, shot) => {
      const phone = await openPhone({ userAgent });
      try {
        const page = await phone.newPage();
        const errors = collectPageErrors(page);
        await page.goto(`${app.url}/activity/sign/award?ut=${encodeURIComponent(token)}&from=mini`);
        await page.getByText('135 ****5000').waitFor();
        expect(new URL(page.url()).search).toBe('?from=mini');
        const cookies = await phone.context.cookies();
        expect(cookies.find((c) => c.name === 'ut')?.value).toBe(token);
        await screenshot(page, shot);
        expect(errors).toEqual([]);
      } finally {
        await phone.close();
      }
    },
  );

  it('Alipay mini-program told by my.getEnv only: the page reloads once without ut, logged in', async () => {
    const phone = await openPhone({ userAgent: USER_AGENTS.alipay });
    try {
      // What Alipay's web-view script provides: my.getEnv answering asynchronously.
      await phone.context.addInitScript(() => {
        (window as unknown as { my: unknown }).my = {
          getEnv: (callback: (result: { miniprogram: boolean }) => void) =>
            setTimeout(() => callback({ miniprogram: true }), 50),
        };
      });
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/sign/award?ut=${encodeURIComponent(token)}`);
      await page.getByText('135 ****5000').waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect((await phone.context.cookies()).find((c) => c.name === 'ut')?.value).toBe(token);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('Alipay browser (no mini-program): a ut query parameter is not taken as the session', async () => {
    const phone = await openPhone({ userAgent: USER_AGENTS.alipay });
    try {
      const page = await phone.newPage();
      await page.goto(`${app.url}/activity/sign/award?ut=${encodeURIComponent(token)}`);
      await page.getByText('登录后查看我的奖品').waitFor();
      expect((await phone.context.cookies()).find((c) => c.name === 'ut')).toBeUndefined();
    } finally {
      await phone.close();
    }
  });

  it('native app, logged out: native login is asked for and the native header is set', async () => {
    const { phone, page, errors } = await openInApp();
    try {
      await page.goto(`${app.url}/activity/sign/award`);
      await page.getByText('请先登录').waitFor();
      expect(new URL(page.url()).pathname).toBe('/activity/sign/award');
      await expect
        .poll(async () => (await nativeCalls(page)).map((c) => c.method))
        .toContain('login');
      const calls = await nativeCalls(page);
      expect(calls.find((c) => c.method === 'login')!.params).toEqual({
        redirect: `${app.url}/activity/sign/award`,
      });
      expect(calls.find((c) => c.method === 'setHeader')!.params).toEqual({
        visible: true,
        title: '我的奖品',
        background: '#f5f5f5',
        shareMenu: false,
      });
      await screenshot(page, 'app-sign-award-logged-out');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('native app, logged in: the token, device id and version come from the user agent', async () => {
    const { phone, page, errors } = await openInApp(token);
    try {
      const infoRequest = page.waitForRequest((request) =>
        request.url().includes('/ouser-web/api/user/info.do'),
      );
      await page.goto(`${app.url}/activity/sign/award`);
      await page.getByText('135 ****5000').waitFor();
      const headers = (await infoRequest).headers();
      expect(headers.ut).toBe(token);
      expect(JSON.parse(headers.clientinfo!)).toEqual({
        deviceCode: 'dev-e2e',
        platformId: 3,
        appVersion: '4.13.0',
        clientSystem: 'IOS',
      });
      expect((await nativeCalls(page)).map((c) => c.method)).not.toContain('login');

      await page.goto(`${app.url}/`);
      await page.getByRole('heading', { name: '活动中心' }).waitFor();
      await expect
        .poll(async () => (await nativeCalls(page)).map((c) => c.method))
        .toContain('setShare');
      const calls = await nativeCalls(page);
      expect(calls.find((c) => c.method === 'setHeader')!.params).toMatchObject({
        title: '活动中心',
        shareMenu: true,
      });
      expect(calls.find((c) => c.method === 'setShare')!.params).toMatchObject({
        title: '活动中心',
        link: `${app.url}/`,
      });
      await screenshot(page, 'app-home');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
