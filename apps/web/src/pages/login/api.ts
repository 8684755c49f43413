// The login calls of APP-REFERENCE "Login by SMS captcha", through the older wrapper (which adds
// companyId, platformId and the rest). Field values follow the platform's own H5 client:
// initType 2 and captchasType 3 (quick login, which registers a new number).
import { api, type DataOf } from '../../request/api.ts';

/** Whether an image captcha is needed, with the image (an SVG data URL) when it is. */
export type InitResult = DataOf<'captcha.init'>;

export interface ImageAnswer {
  code: string;
  key: string;
}

export const CAPTCHA_TYPE_QUICK_LOGIN = 3;
const INIT_TYPE_SMS = 2;

export const loginApi = {
  init: (mobile: string) =>
    api.call('captcha.init', { mobile, initType: INIT_TYPE_SMS, width: 160, height: 60 }),
  sendSms: (mobile: string, image?: ImageAnswer) =>
    api.call('captcha.sendSms', {
      mobile,
      captchasType: CAPTCHA_TYPE_QUICK_LOGIN,
      checkImageCode: image?.code,
      imgeKey: image?.key,
    }),
  isRegistered: async (mobile: string) => {
    const reply = await api.call('account.isRegistered', { mobile });
    // Older hosts answer the flag as 1, "1" or "true" as well.
    const flag: unknown = reply.data?.isRepeat;
    return { reply, registered: flag === true || flag === 1 || flag === '1' || flag === 'true' };
  },
  register: (mobile: string, captchas: string) =>
    api.call('account.register', { mobile, captchas }),
  login: (mobile: string, captchas: string) => api.call('account.login', { mobile, captchas }),
  /** First WeChat login: binds the verified number to the WeChat of `ticket` and logs in. */
  bindWechat: (ticket: string, mobile: string, captchas: string) =>
    api.call('wechat.bind', { ticket, mobile, captchas }),
};

/** Stands for this site while resolving `loginFrom`; a different origin means another site. */
const SAME_SITE = 'https://same-site.invalid';

/**
 * Where to go after login: `loginFrom` when it is a path of this site, else the hub. Browsers
 * read `\` as `/` and drop tabs and newlines, so `/\evil.com` would be another site: those are
 * refused outright, and what is left must resolve to this site (review L9).
 */
export function returnPath(search: string): string {
  const from = new URLSearchParams(search).get('loginFrom') ?? '';
  // eslint-disable-next-line no-control-regex
  if (!from.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(from)) return '/';
  let url: URL;
  try {
    url = new URL(from, SAME_SITE);
  } catch {
    return '/';
  }
  if (url.origin !== SAME_SITE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/my/login') ? '/' : path;
}
