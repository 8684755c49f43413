// The login calls of APP-REFERENCE "Login by SMS captcha", through the older wrapper (which adds
// companyId, platformId and the rest). Field values follow the platform's own H5 client:
// initType 2 and captchasType 3 (quick login, which registers a new number).
import { legacyRequest } from '../../request/legacy.ts';

export interface InitResult {
  needImgCaptcha: boolean;
  /** An image (SVG) data URL when a captcha is needed. */
  image?: string;
  imageKey?: string;
}

export interface LoginResult {
  ut: string;
  user: { id: number | string; mobile: string; nickname: string };
}

export interface ImageAnswer {
  code: string;
  key: string;
}

export const CAPTCHA_TYPE_QUICK_LOGIN = 3;
const INIT_TYPE_SMS = 2;

export const loginApi = {
  init: (mobile: string) =>
    legacyRequest<InitResult>('/ouser-web/api/user/init.do', {
      data: { mobile, initType: INIT_TYPE_SMS, width: 160, height: 60 },
    }),
  sendSms: (mobile: string, image?: ImageAnswer) =>
    legacyRequest<unknown>('/ouser-web/mobileRegister/sendCaptchasCodeFormNew.do', {
      data: {
        mobile,
        captchasType: CAPTCHA_TYPE_QUICK_LOGIN,
        checkImageCode: image?.code,
        imgeKey: image?.key,
      },
    }),
  isRegistered: async (mobile: string) => {
    const reply = await legacyRequest<{ isRepeat: unknown }>('/ouser-web/mobileRegister/isRepeatPhoneForm.do', {
      data: { mobile },
    });
    const flag = reply.data?.isRepeat;
    return { reply, registered: flag === true || flag === 1 || flag === '1' || flag === 'true' };
  },
  register: (mobile: string, captchas: string) =>
    legacyRequest<LoginResult>('/ouser-web/memberRegisterForm.do', { data: { mobile, captchas } }),
  login: (mobile: string, captchas: string) =>
    legacyRequest<LoginResult>('/ouser-web/mobileLogin/loginForm.do', { data: { mobile, captchas } }),
};

/** Where to go after login: `loginFrom` when it is a path of this site, else the hub. */
export function returnPath(search: string): string {
  const from = new URLSearchParams(search).get('loginFrom') ?? '';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/my/login')) return '/';
  return from;
}
