// WeChat authorisation (OAuth 2.0 web flow), the mini-program jump and the download pages'
// configuration (docs/wechat.md, decision 0021).
import { Type } from '@sinclair/typebox';
import { LegacyFields, Mobile, SmsCode, StringEnum } from '../schemas/primitives.ts';
import { PublicUser } from '../schemas/views.ts';
import { defineRoutes, LOGGED_IN_READ, UNREADABLE } from './define.ts';

/** A path of this site to return to: no scheme, no host, no backslash or control characters. */
const ReturnPath = Type.String({
  minLength: 1,
  maxLength: 1024,
  pattern: '^/(?![/\\\\])[^\\\\\\u0000-\\u001f\\u007f]*$',
});
const Scope = StringEnum(['snsapi_base', 'snsapi_userinfo']);
const Redirect = {
  reply: 'text/html',
  data: Type.String({ description: 'a 302 redirect' }),
} as const;

const SMS_CODE_ERRORS = [
  'smsCaptchaMissing',
  'smsCaptchaUsed',
  'smsCaptchaExpired',
  'smsCaptchaLocked',
  'smsCaptchaOtherPurpose',
  'smsCaptchaWrong',
] as const;

const AppLink = Type.Object({
  url: Type.String(),
  version: Type.String(),
});

export const WECHAT_ROUTES = defineRoutes({
  'wechat.authorize': {
    summary:
      "Starts WeChat authorisation: redirects to WeChat's authorise page with a state bound to this browser",
    querystring: Type.Object({
      returnTo: Type.Optional(ReturnPath),
      scope: Type.Optional(Scope),
    }),
    ...Redirect,
    errors: [...UNREADABLE, 'tooManyRequests'],
  },
  'wechat.callback': {
    summary:
      'Where WeChat returns: exchanges the code, then logs in, binds or asks for a mobile number; always redirects to a page',
    querystring: Type.Object({
      code: Type.Optional(Type.String({ maxLength: 512 })),
      state: Type.Optional(Type.String({ maxLength: 256 })),
    }),
    ...Redirect,
    errors: [...UNREADABLE],
  },
  'wechat.devAuthorize': {
    summary: 'The development identity provider: a labelled page standing in for WeChat',
    querystring: Type.Object({
      appid: Type.Optional(Type.String({ maxLength: 64 })),
      redirect_uri: Type.String({ maxLength: 2048 }),
      response_type: Type.Optional(Type.String({ maxLength: 16 })),
      scope: Scope,
      state: Type.String({ maxLength: 128 }),
    }),
    reply: 'text/html',
    data: Type.String({ description: 'HTML' }),
    errors: [...UNREADABLE, 'wechatDevelopmentOnly'],
  },
  'wechat.bind': {
    summary:
      'First WeChat login: verifies a mobile number by SMS code, binds the WeChat to it and logs in',
    body: Type.Object({
      ticket: Type.String({ minLength: 1, maxLength: 128 }),
      mobile: Mobile,
      captchas: SmsCode,
      ...LegacyFields,
    }),
    data: Type.Object({ ut: Type.String(), user: PublicUser, registered: Type.Boolean() }),
    errors: [
      ...UNREADABLE,
      'badMobile',
      'wechatLoginOff',
      'wechatBindExpired',
      'wechatBoundElsewhere',
      'wechatMobileTaken',
      ...SMS_CODE_ERRORS,
    ],
  },
  'wechat.identity': {
    summary: "The logged-in shopper's WeChat, when one is bound",
    data: Type.Object({
      bound: Type.Boolean(),
      nickname: Type.String(),
      avatarUrl: Type.String(),
      /** `development` for the development identity provider. */
      provider: StringEnum(['wechat', 'development', 'off']),
    }),
    errors: [...LOGGED_IN_READ],
  },
  'wechat.miniScheme': {
    summary: 'A URL scheme opening a configured mini-program page (generatescheme)',
    body: Type.Object({
      page: Type.String({ pattern: '^[A-Za-z0-9]{1,32}$', description: 'the jump page' }),
    }),
    data: Type.Object({ openlink: Type.String(), expiresAt: Type.Integer() }),
    errors: [
      ...UNREADABLE,
      'tooManyRequests',
      'downloadPageUnknown',
      'miniProgramTargetUnknown',
      'miniProgramNotConfigured',
      'miniProgramSchemeFailed',
    ],
  },
  'download.page': {
    summary: 'A download or jump page: copy, store links and versions, the mini-program',
    params: Type.Object({ page: Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' }) }),
    data: Type.Object({
      page: Type.String(),
      headline: Type.String(),
      description: Type.String(),
      /** What the page offers: the app, or a jump into the mini-program. */
      offer: StringEnum(['app', 'miniProgram']),
      appName: Type.String(),
      appIcon: Type.String(),
      ios: AppLink,
      android: AppLink,
      /** 应用宝: the one Android store a WeChat browser opens directly. */
      tencentStoreUrl: Type.String(),
      miniProgram: Type.Object({
        name: Type.String(),
        /** The mini-program code image, shown when no scheme can be minted. */
        qrImage: Type.String(),
        /** Whether a scheme can be asked for (a target configured and WeChat set up). */
        jump: Type.Boolean(),
      }),
      updatedAt: Type.Integer(),
    }),
    errors: [...UNREADABLE, 'campaignNotFound', 'downloadPageUnknown'],
  },
});
