// The product API (docs/product-api.md): accounts and captchas on the legacy .do endpoints, the
// lizard script and its reports, the dev outbox, and the signed open-API endpoints.
import { Type } from '@sinclair/typebox';
import { FormInteger, LegacyFields, Mobile, Nullable, SmsCode } from '../schemas/primitives.ts';
import { PublicUser } from '../schemas/views.ts';
import { defineRoutes, LOGGED_IN, SIGNED, UNREADABLE } from './define.ts';

const MobileBody = Type.Object({ mobile: Mobile, ...LegacyFields });
const CodeBody = Type.Object({ mobile: Mobile, captchas: SmsCode, ...LegacyFields });
const Session = Type.Object({ ut: Type.String(), user: PublicUser });
const SMS_CODE_ERRORS = [
  'smsCaptchaMissing',
  'smsCaptchaUsed',
  'smsCaptchaExpired',
  'smsCaptchaLocked',
  'smsCaptchaOtherPurpose',
  'smsCaptchaWrong',
] as const;

const Millis = Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 }));
const ImageCaptcha = {
  image: Type.Optional(Type.String({ description: 'an SVG data URL' })),
  imageKey: Type.Optional(Type.String()),
};

export const PRODUCT_ROUTES = defineRoutes({
  'account.isRegistered': {
    summary: 'Whether a mobile number has an account',
    body: MobileBody,
    data: Type.Object({ isRepeat: Type.Boolean() }),
    errors: [...UNREADABLE, 'badMobile'],
  },
  'account.register': {
    summary: 'Register with an SMS code; answers the session and sets the ut cookie',
    body: CodeBody,
    data: Session,
    errors: [...UNREADABLE, 'badMobile', 'mobileRegistered', ...SMS_CODE_ERRORS],
  },
  'account.login': {
    summary: 'Log in with an SMS code; answers the session and sets the ut cookie',
    body: CodeBody,
    data: Session,
    errors: [...UNREADABLE, 'badMobile', 'mobileNotRegistered', ...SMS_CODE_ERRORS],
  },
  'account.logout': {
    summary: 'End the session (a success when it has already ended)',
    data: Type.Null(),
    errors: ['crossSiteRefused'],
  },
  'account.info': {
    summary: 'The logged-in shopper',
    data: PublicUser,
    errors: [...LOGGED_IN],
  },
  'captcha.init': {
    summary: 'Whether an image captcha is needed before an SMS code, with the image when it is',
    body: Type.Object({
      mobile: Type.Optional(Mobile),
      initType: Type.Optional(FormInteger({ minimum: 0, maximum: 99 }, '^\\d{1,2}$')),
      width: Type.Optional(FormInteger({ minimum: 0, maximum: 10_000 }, '^(\\d{1,4}|10000)$')),
      height: Type.Optional(FormInteger({ minimum: 0, maximum: 10_000 }, '^(\\d{1,4}|10000)$')),
      ...LegacyFields,
    }),
    data: Type.Object({ needImgCaptcha: Type.Boolean(), ...ImageCaptcha }),
    errors: [...UNREADABLE, 'badMobile', 'tooManyRequests'],
  },
  'captcha.sendSms': {
    summary: 'Send an SMS code (60 s apart, daily caps per number and per address)',
    body: Type.Object({
      mobile: Mobile,
      captchasType: Type.Optional(
        FormInteger({ minimum: 0, maximum: 99 }, '^\\d{1,2}$', 'the purpose; 3 quick login'),
      ),
      checkImageCode: Type.Optional(Type.String({ maxLength: 16 })),
      // The platform's field name, misspelt as it is; imageKey accepted too.
      imgeKey: Type.Optional(Type.String({ maxLength: 64 })),
      imageKey: Type.Optional(Type.String({ maxLength: 64 })),
      ...LegacyFields,
    }),
    data: Type.Object({
      resendAfter: Type.Integer({ description: 'seconds' }),
      expiresIn: Type.Integer({ description: 'seconds' }),
    }),
    errors: [
      ...UNREADABLE,
      'badMobile',
      'smsTooSoon',
      'imageCaptchaRequired',
      'imageCaptchaWrong',
      'smsDailyLimitMobile',
      'smsDailyLimitAddress',
      'smsSendFailed',
      'tooManyRequests',
    ],
  },
  'lizard.script': {
    summary: 'The lizard page-view script',
    reply: 'application/javascript',
    data: Type.String({ description: 'JavaScript' }),
    errors: [],
  },
  'lizard.pageView': {
    summary: 'Store a page view the lizard script reports (anonymous, capped per address)',
    body: Type.Object({
      path: Type.String({ minLength: 1, maxLength: 512 }),
      title: Type.Optional(Type.String({ maxLength: 256 })),
      referrer: Type.Optional(Type.String({ maxLength: 1024 })),
      ttfb: Millis,
      domReady: Millis,
      load: Millis,
    }),
    data: Type.Null(),
    errors: [...UNREADABLE, 'tooManyRequests'],
  },
  'dev.smsOutbox': {
    summary:
      'The latest SMS the outbox provider kept for a number (development with the outbox only)',
    querystring: Type.Object({ mobile: Mobile }),
    data: Type.Array(
      Type.Object({
        mobile: Type.String(),
        code: Nullable(Type.String()),
        text: Type.String(),
        createdAt: Type.Integer(),
      }),
    ),
    errors: [...UNREADABLE, 'badMobile', 'loopbackOnly'],
  },

  'common.config': {
    summary: 'Product constants clients read at start',
    data: Type.Object({
      defaultAreaCode: Type.String(),
      companyId: Type.Integer(),
      platformId: Type.Integer(),
      platformCode: Type.Integer(),
      cloudChannelType: Type.Integer(),
      clientVersion: Type.String(),
      mode: Type.String(),
      smsResendSeconds: Type.Integer(),
      wechatConfigured: Type.Boolean(),
    }),
    errors: [...SIGNED],
  },
  'areas.info': {
    summary: 'Province, city and county of a county code',
    querystring: Type.Object({ regionCode: Type.String({ pattern: '^\\d{6}$' }) }),
    data: Type.Object({
      provinceName: Type.String(),
      provinceCode: Type.String(),
      cityName: Type.String(),
      cityCode: Type.String(),
      regionName: Type.String(),
      regionCode: Type.String(),
    }),
    errors: [...SIGNED, ...UNREADABLE, 'areaNotFound'],
  },
  'areas.children': {
    summary: 'The areas below a province or city (provinces without parentCode)',
    querystring: Type.Object({
      parentCode: Type.Optional(Type.String({ pattern: '^(\\d{2}|\\d{4}|\\d{6})?$' })),
    }),
    data: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    errors: [...SIGNED, ...UNREADABLE, 'areaNotFound'],
  },
  'wechat.sign': {
    summary: 'A WeChat JS-SDK signature for a page URL',
    querystring: Type.Object({ url: Type.String({ pattern: '^https?://', maxLength: 2048 }) }),
    data: Type.Object({
      appId: Type.String(),
      timestamp: Type.Integer({ description: 'seconds' }),
      nonceStr: Type.String(),
      signature: Type.String(),
    }),
    errors: [...SIGNED, ...UNREADABLE, 'wechatNotConfigured', 'wechatUnavailable'],
  },
  'user.shareCode': {
    summary: "The logged-in shopper's share code",
    data: Type.Object({ shareCode: Type.String() }),
    errors: [...SIGNED, ...LOGGED_IN],
  },

  'health.check': {
    summary: 'Liveness: 200 when the store answers, 503 when it does not',
    reply: 'bare',
    data: Type.Object({
      status: Type.String({ enum: ['ok', 'degraded'] }),
      store: Type.String(),
      bus: Type.String(),
      uptimeMs: Type.Integer(),
    }),
    errors: [],
  },
});
