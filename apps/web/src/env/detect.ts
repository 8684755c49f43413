// Where the page runs (spec section 6), from the user agent and a few globals. One module so
// that the guard, the session, the share interface and the request headers agree.
// The native app's marker and user data are defined in docs/native-bridge.md.

export type OperatingSystem = 'iOS' | 'Android' | 'other';

/** The user data the native app puts in its user agent. */
export interface NativeUserData {
  version: string;
  os: OperatingSystem;
  /** The user token; '' when nobody is logged in inside the app. */
  ut: string;
  deviceId: string;
  sessionId: string;
}

export interface Environment {
  /** The retailer's native app (its UA marker is present). */
  app: NativeUserData | null;
  /** A mini-program web-view, WeChat's or Alipay's (the host passes the token as `?ut=`). */
  miniProgram: boolean;
  /** Whose mini-program hosts the page; null outside a mini-program. */
  miniProgramHost: 'wechat' | 'alipay' | null;
  /** The WeChat browser (including the mini-program web-view). */
  wechat: boolean;
  /** The Alipay client (including its mini-program web-view). */
  alipay: boolean;
  /** None of the above: a plain mobile browser. */
  h5: boolean;
  os: OperatingSystem;
}

/** `MorselApp/<version>` followed by `(key=value; …)` with percent-encoded values. */
const APP_MARKER = /\bMorselApp\/([\w.-]+)(?:\s*\(([^)]*)\))?/;

function operatingSystem(ua: string): OperatingSystem {
  if (/iPhone|iPad|iPod|iOS/i.test(ua)) return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  return 'other';
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseNativeUserAgent(ua: string): NativeUserData | null {
  const match = APP_MARKER.exec(ua);
  if (!match) return null;
  const fields = new Map<string, string>();
  for (const part of (match[2] ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), decode(part.slice(at + 1).trim()));
  }
  const os = fields.get('os');
  return {
    version: match[1] ?? '',
    os: os === 'iOS' || os === 'Android' ? os : operatingSystem(ua),
    ut: fields.get('ut') ?? '',
    deviceId: fields.get('deviceId') ?? '',
    sessionId: fields.get('sessionId') ?? '',
  };
}

/** Builds the marker a native app appends to its user agent (used by tests and the docs). */
export function formatNativeUserAgent(data: NativeUserData): string {
  const fields = (['os', 'ut', 'deviceId', 'sessionId'] as const).map(
    (key) => `${key}=${encodeURIComponent(data[key])}`,
  );
  return `MorselApp/${data.version} (${fields.join('; ')})`;
}

/** `my` of Alipay's web-view script: `getEnv` answers whether the page is in a mini-program. */
export interface AlipayMy {
  getEnv?: (callback: (result: { miniprogram?: boolean }) => void) => void;
}

interface EnvironmentGlobals {
  __wxjs_environment?: string;
  my?: AlipayMy;
}

export function detectEnvironment(ua: string, globals: EnvironmentGlobals = {}): Environment {
  const app = parseNativeUserAgent(ua);
  const wechat = /MicroMessenger/i.test(ua);
  // `AlipayClient/x`, and `AliApp(AP/x)` in containers that carry only that (APP-REFERENCE).
  const alipay = /AlipayClient|AliApp\(AP\//i.test(ua);
  // WeChat 7.0.0+ adds `miniProgram` to the web-view's UA; older ones only set the global.
  const wechatMini =
    wechat && (/miniProgram/i.test(ua) || globals.__wxjs_environment === 'miniprogram');
  // Alipay's web-view adds `MiniProgram` next to `AlipayClient`; `my.getEnv` (asynchronous)
  // confirms it where the UA does not say (confirmAlipayMiniProgram).
  const alipayMini = !wechat && alipay && /MiniProgram/i.test(ua);
  return {
    app,
    miniProgram: wechatMini || alipayMini,
    miniProgramHost: wechatMini ? 'wechat' : alipayMini ? 'alipay' : null,
    wechat,
    alipay,
    h5: !app && !wechat && !alipay,
    os: app?.os ?? operatingSystem(ua),
  };
}

let current: Environment | null = null;

/** The environment of this page, detected once. */
export function environment(): Environment {
  current ??= detectEnvironment(navigator.userAgent, window as EnvironmentGlobals);
  return current;
}

/**
 * Inside Alipay, asks `my.getEnv` (Alipay's web-view script) whether the page is in a
 * mini-program the UA did not reveal; if so the environment becomes an Alipay mini-program.
 * Resolves with the answer; false at once outside Alipay or without `my.getEnv`, and after
 * `timeoutMs` when the callback never comes.
 */
export function confirmAlipayMiniProgram(
  globals: EnvironmentGlobals = window as EnvironmentGlobals,
  timeoutMs = 1000,
): Promise<boolean> {
  const env = environment();
  if (env.miniProgram) return Promise.resolve(env.miniProgramHost === 'alipay');
  const getEnv = globals.my?.getEnv;
  if (!env.alipay || typeof getEnv !== 'function') return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    try {
      getEnv.call(globals.my, (result) => {
        clearTimeout(timer);
        const inMiniProgram = result?.miniprogram === true;
        if (inMiniProgram)
          current = { ...environment(), miniProgram: true, miniProgramHost: 'alipay' };
        resolve(inMiniProgram);
      });
    } catch {
      clearTimeout(timer);
      resolve(false);
    }
  });
}

/** Tests only: forget the detected environment. */
export function resetEnvironment(): void {
  current = null;
}

/** The clientSystem of the clientInfo header (spec section 3). */
export function clientSystem(env: Environment): 'IOS' | 'Android' | 'WeChat' | 'H5' {
  if (env.app) return env.app.os === 'Android' ? 'Android' : 'IOS';
  if (env.wechat) return 'WeChat';
  return 'H5';
}
