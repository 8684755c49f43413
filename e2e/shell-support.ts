// Helpers the web-shell end-to-end tests share: the user agents of each environment, a
// recording stand-in for the native app's bridge and for the WeChat JS-SDK script, and a real
// SMS login through the API (the outbox provider keeps the codes).
import { devices, type BrowserContext, type Page } from 'playwright-core';
import { WEB_DIST } from './harness/app.ts';
import { collectPageErrors, openPhone, type Phone } from './harness/browser.ts';
import {
  ManualClock,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';

const IPHONE = devices['iPhone 13'].userAgent;

export const USER_AGENTS = {
  h5: IPHONE,
  wechat: `${IPHONE} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`,
  miniProgram: `${IPHONE} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN miniProgram/wx0123456789abcdef`,
  alipay: `${IPHONE} AlipayClient/10.5.86.8000 AliApp(AP/10.5.86.8000) Nebula`,
  /** Alipay's mini-program web-view: the Alipay markers plus MiniProgram. */
  alipayMiniProgram: `${IPHONE} Ariver/1.1.0 AliApp(AP/10.5.86.8000) Nebula WK AlipayClient/10.5.86.8000 Language/zh-Hans MiniProgram`,
  /** The native app as docs/native-bridge.md defines its marker. */
  app: (ut = '') =>
    `${IPHONE} MorselApp/4.13.0 (os=iOS; ut=${encodeURIComponent(ut)}; deviceId=dev-e2e; sessionId=sess-e2e)`,
};

export interface NativeCall {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

/**
 * A recording stand-in for the app's bridge: `window.MorselNative.invoke` keeps every call in
 * `window.__nativeCalls` and answers like the app would (login stays pending: the user is on
 * the native login screen).
 */
export async function installNativeStandIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: unknown[] = [];
    Object.assign(window, { __nativeCalls: calls });
    Object.assign(window, {
      MorselNative: {
        invoke(message: string) {
          const call = JSON.parse(message) as { id: string; method: string };
          calls.push(call);
          if (call.method === 'login') return;
          const data = call.method === 'share' ? { shared: true } : {};
          setTimeout(
            () =>
              (
                window as unknown as { morselBridgeReceive: (id: string, r: unknown) => void }
              ).morselBridgeReceive(call.id, { ok: true, data }),
            0,
          );
        },
      },
    });
  });
}

/** The calls the page made so far through the stand-in of installNativeStandIn. */
export const nativeCalls = (page: Page): Promise<NativeCall[]> =>
  page.evaluate(() => (window as unknown as { __nativeCalls: NativeCall[] }).__nativeCalls);

/** A phone inside the native app (logged in when given a token), its bridge the recording stand-in. */
export async function openInApp(
  ut?: string,
): Promise<{ phone: Phone; page: Page; errors: string[] }> {
  const phone = await openPhone({ userAgent: USER_AGENTS.app(ut) });
  try {
    await installNativeStandIn(phone.context);
    const page = await phone.newPage();
    return { phone, page, errors: collectPageErrors(page) };
  } catch (error) {
    await phone.close();
    throw error;
  }
}

/**
 * Serves a recording stand-in for jweixin-1.6.0.js (the real script cannot be downloaded here):
 * the same `wx.config/ready/error` API, keeping every call in `window.__wxCalls`.
 */
export async function installWechatSdkStandIn(context: BrowserContext): Promise<void> {
  const script = `(() => {
    const calls = []; window.__wxCalls = calls;
    let readyCallbacks = [], errorCallbacks = [];
    window.wx = {
      config(options) { calls.push(['config', options]);
        setTimeout(() => (options.signature ? readyCallbacks : errorCallbacks).forEach((cb) => cb({ errMsg: 'config:invalid signature' })), 0); },
      ready(cb) { readyCallbacks.push(cb); },
      error(cb) { errorCallbacks.push(cb); },
      updateAppMessageShareData(options) { calls.push(['updateAppMessageShareData', options]); },
      updateTimelineShareData(options) { calls.push(['updateTimelineShareData', options]); },
    };
  })();`;
  await context.route('**/static/jweixin-1.6.0.js', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: script }),
  );
}

interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
}

async function post<T>(
  base: string,
  path: string,
  form: Record<string, string>,
): Promise<Envelope<T>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: new URLSearchParams(form).toString(),
  });
  return (await response.json()) as Envelope<T>;
}

/** The newest SMS code the outbox kept for a number. */
export async function latestSmsCode(base: string, mobile: string): Promise<string> {
  const response = await fetch(`${base}/dev/sms-outbox?mobile=${mobile}`);
  const body = (await response.json()) as Envelope<{ code: string; createdAt: number }[]>;
  const newest = [...(body.data ?? [])].sort((a, b) => b.createdAt - a.createdAt)[0];
  if (!newest) throw new Error(`no SMS in the outbox for ${mobile}: ${JSON.stringify(body)}`);
  return newest.code;
}

/** Registers (or logs in) a number through the real API, as another device would; returns the token. */
export async function loginThroughApi(base: string, mobile: string): Promise<string> {
  const sent = await post(base, '/ouser-web/mobileRegister/sendCaptchasCodeFormNew.do', {
    mobile,
    captchasType: '3',
    platformId: '3',
  });
  if (Number(sent.code) !== 0) throw new Error(`SMS not sent: ${sent.message}`);
  const captchas = await latestSmsCode(base, mobile);
  const check = await post<{ isRepeat: boolean }>(
    base,
    '/ouser-web/mobileRegister/isRepeatPhoneForm.do',
    { mobile },
  );
  const path = check.data.isRepeat
    ? '/ouser-web/mobileLogin/loginForm.do'
    : '/ouser-web/memberRegisterForm.do';
  const reply = await post<{ ut: string }>(base, path, {
    mobile,
    captchas,
    platformId: '3',
    companyId: '30',
  });
  if (Number(reply.code) !== 0) throw new Error(`login failed: ${reply.message}`);
  return reply.data.ut;
}

/**
 * The real server with the product API's clock in the test's hand, for flows that need time to
 * pass (the server's 60 s SMS resend interval) without sleeping. The clock starts at real time
 * so the browser's open-API signatures stay inside their window.
 */
export async function startAppWithClock(): Promise<{ app: TestServer; clock: ManualClock }> {
  const clock = new ManualClock(Date.now());
  const app = await startTestServer({ webDist: WEB_DIST }, { clock });
  return { app, clock };
}
