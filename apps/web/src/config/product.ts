// Product configuration (spec/campaign-app.md section 1) and business constants (section 9) in
// one place. Hosts and the open-API client default to the page's own origin and the public H5
// client; a build overrides them with VITE_* variables (see docs/web-shell.md).

const env = import.meta.env;

export const PRODUCT = {
  companyId: 30,
  platformId: 3,
  platformCode: 2,
  cloudChannelType: 188,
  clientVersion: '4.12.251',
  mode: 'production',
} as const;

export const HOSTS = {
  mobile: env.VITE_MOBILE_HOST ?? '',
  static: env.VITE_STATIC_HOST ?? '',
  openApi: env.VITE_OPENAPI_HOST ?? '',
} as const;

/**
 * The open-API client of this web app. The secret is public by design: every H5 bundle carries
 * it (the spec's newer wrapper signs in the browser); the gateway pairs it with a time window
 * and replay check.
 */
export const OPEN_API_CLIENT = {
  id: env.VITE_OPENAPI_CLIENT_ID || 'morsel-h5',
  secret: env.VITE_OPENAPI_CLIENT_SECRET || 'morsel-h5-public-signing-key',
} as const;

/** `name:value,name:value` (a build variable) as a map; blank entries are left out. */
export function parseKeyList(setting: string | undefined): Readonly<Record<string, string>> {
  const keys: Record<string, string> = {};
  for (const entry of (setting ?? '').split(',')) {
    const at = entry.indexOf(':');
    const name = (at < 0 ? '' : entry.slice(0, at)).trim();
    const value = entry.slice(at + 1).trim();
    if (name && value) keys[name] = value;
  }
  return keys;
}

/**
 * The third-party services spec section 1 lists, with their keys (values not in the spec: each
 * deployment sets its own at build time, see docs/web-shell.md). An empty key means the service
 * is not configured.
 */
export const SERVICES = {
  /** Maps: the AMap JS API, version 2.0, with its geolocation plugin. */
  maps: {
    key: env.VITE_MAP_KEY ?? '',
    version: '2.0',
    plugins: ['AMap.Geolocation'],
  },
  /** The customer-service provider's keys, by name. */
  customerServiceKeys: parseKeyList(env.VITE_CUSTOMER_SERVICE_KEYS),
  /** Analytics product identifiers, by name. */
  analyticsProductIds: parseKeyList(env.VITE_ANALYTICS_PRODUCT_IDS),
} as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export const LIMITS = {
  requestTimeoutMs: 30_000,
  cacheDefaultMs: 5 * MINUTE,
  lizardCacheMs: 30 * DAY,
  chunkLoadTimeoutMs: 120 * SECOND,
  bridgeToastMs: 1500,
  uiToastMs: 2000,
  doubleClickGuardMs: 500,
  /** js-cookie takes lifetimes in days. */
  cookieDays: 365,
  tempCookieDays: 5 / (24 * 60),
  shareCallbackDelayNativeMs: 2 * SECOND,
  shareCallbackDelayWechatMs: 3 * SECOND,
  smsResendSeconds: 60,
  imageMaxWidth: 750,
  longScreen: { minHeight: 812, minWidth: 375 },
} as const;

/** Image size names and their widths in px. */
export const IMAGE_SIZES = { xs: 100, s: 200, m: 300, l: 400, xl: 800 } as const;

/** The login-invalid code (spec section 8). */
export const CODE_LOGIN_INVALID = -331007;
/** What a network failure or a non-2xx answer becomes (spec section 8). */
export const REQUEST_FAILED = { status: -500, message: '请求出错，请稍后再试' } as const;

/** Static paths served by the static-asset site. */
export const STATIC_PATHS = {
  lizard: '/activity/activity-static/lizard/index.js',
  wechatSdk: '/static/jweixin-1.6.0.js',
} as const;

export const LOGIN_PATH = '/my/login';
