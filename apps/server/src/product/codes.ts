// The product API's error catalogue: every business code with its message, in one place.
// Responses are `{ code, message, data }`; code 0 is success. Messages are shown to shoppers, so
// they are Simplified Chinese. docs/product-api.md lists the same table; a test keeps them equal.

export const OK = 0;

export const CODES = {
  // -331007 is the platform's own code for an invalid login (spec section 8).
  loginInvalid: { code: -331007, message: '登录已失效，请重新登录' },

  // 1000x: requests the API cannot read.
  badRequest: { code: 10000, message: '请求格式错误' },
  badParameter: { code: 10001, message: '参数错误' },
  badMobile: { code: 10002, message: '请输入正确的手机号' },
  tooManyRequests: { code: 10004, message: '操作过于频繁，请稍后再试' },
  areaNotFound: { code: 10005, message: '未找到该地区' },
  loopbackOnly: { code: 10006, message: '该接口仅限本机访问' },
  crossSiteRefused: { code: 10007, message: '请求来源不被允许，请在本站页面中操作' },

  // 2000x: SMS and image captchas.
  smsTooSoon: { code: 20001, message: '验证码发送过于频繁，请稍后再试' },
  smsDailyLimitMobile: { code: 20002, message: '该手机号今日获取验证码次数已达上限' },
  smsDailyLimitAddress: { code: 20003, message: '当前网络今日获取验证码次数已达上限' },
  imageCaptchaRequired: { code: 20004, message: '请输入图形验证码' },
  imageCaptchaWrong: { code: 20005, message: '图形验证码错误或已过期，请重新输入' },
  smsCaptchaWrong: { code: 20006, message: '短信验证码错误' },
  smsCaptchaExpired: { code: 20007, message: '短信验证码已过期，请重新获取' },
  smsCaptchaLocked: { code: 20008, message: '短信验证码错误次数过多，请重新获取' },
  smsCaptchaUsed: { code: 20009, message: '短信验证码已使用，请重新获取' },
  smsCaptchaMissing: { code: 20010, message: '请先获取短信验证码' },
  smsSendFailed: { code: 20011, message: '短信发送失败，请稍后再试' },
  smsCaptchaOtherPurpose: { code: 20012, message: '该验证码不能用于此操作，请重新获取' },

  // 3000x: accounts.
  mobileRegistered: { code: 30001, message: '该手机号已注册，请直接登录' },
  mobileNotRegistered: { code: 30002, message: '该手机号尚未注册，请先注册' },

  // 4000x: the open-API signature (x-co-client, x-co-timeStamp, x-co-sign).
  signatureMissing: { code: 40001, message: '缺少签名信息' },
  signatureUnknownClient: { code: 40002, message: '未知的客户端' },
  signatureStale: { code: 40003, message: '请求时间戳无效或已过期，请校准设备时间' },
  signatureReplayed: { code: 40004, message: '重复的请求' },
  signatureInvalid: { code: 40005, message: '签名错误' },

  // 5000x: WeChat JS-SDK signature.
  wechatNotConfigured: { code: 50001, message: '微信公众号未配置' },
  wechatUnavailable: { code: 50002, message: '获取微信签名失败，请稍后再试' },
} as const satisfies Record<string, { code: number; message: string }>;

export type CodeName = keyof typeof CODES;

/** A refusal the handler names; the envelope turns it into `{code, message, data}`. */
export class ProductError extends Error {
  readonly code: number;
  constructor(
    readonly key: CodeName,
    /** Replaces the catalogue message when the refusal has details (a field, seconds left). */
    message?: string,
    readonly data: unknown = null,
    /** 200 for business refusals; 400 for requests the API cannot read. */
    readonly status = 200,
  ) {
    super(message ?? CODES[key].message);
    this.name = 'ProductError';
    this.code = CODES[key].code;
  }
}

export function fail(
  name: CodeName,
  options: { message?: string; data?: unknown; status?: number } = {},
): ProductError {
  return new ProductError(name, options.message, options.data ?? null, options.status ?? 200);
}

export function ok<T>(data: T): { code: 0; message: string; data: T } {
  return { code: OK, message: 'success', data };
}
