// WeChat OAuth 2.0 web authorisation (公众号网页授权): the shopper's browser goes to WeChat's
// authorise page with our state, WeChat sends it back to our callback with a code, and the server
// exchanges the code (sns/oauth2/access_token) for the openid, plus the profile
// (sns/userinfo) with snsapi_userinfo. Two providers: WeChat itself, and a development identity
// (decision 0021) that answers the same way without WeChat and is refused in production.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { callWechat, errcodeOf, WechatApiError } from './api-client.ts';

export type OAuthScope = 'snsapi_base' | 'snsapi_userinfo';

export interface OAuthAuthorizeRequest {
  /** Our callback, absolute. */
  redirectUri: string;
  scope: OAuthScope;
  /** At most 128 characters of [A-Za-z0-9] (WeChat's limit). */
  state: string;
}

export interface OAuthGrant {
  openid: string;
  unionid: string | null;
  scope: OAuthScope;
  /** The web access token (not the app's); only used for sns/userinfo right away. */
  accessToken: string;
}

export interface OAuthProfile {
  nickname: string;
  avatarUrl: string;
  unionid: string | null;
}

export interface WechatOAuthProvider {
  readonly kind: 'wechat' | 'development';
  readonly appId: string;
  authorizeUrl(request: OAuthAuthorizeRequest): string;
  /** Throws WechatApiError (with WeChat's errcode when it answered one). */
  exchangeCode(code: string): Promise<OAuthGrant>;
  profile(grant: OAuthGrant): Promise<OAuthProfile>;
}

/** WeChat's errcodes of the code exchange that mean "this code is no good": ask again. */
export const BAD_CODE_ERRCODES = new Set([40029, 40163, 41008, 42003]);

function scopeOf(value: unknown, asked: OAuthScope = 'snsapi_base'): OAuthScope {
  return typeof value === 'string' && value.includes('snsapi_userinfo') ? 'snsapi_userinfo' : asked;
}

export interface HttpWechatOAuthOptions {
  appId: string;
  appSecret: string;
  /** https://open.weixin.qq.com (the authorise page). */
  oauthBase: string;
  /** https://api.weixin.qq.com (code exchange and profile). */
  apiBase: string;
  fetch?: typeof fetch;
}

export class HttpWechatOAuth implements WechatOAuthProvider {
  readonly kind = 'wechat';
  readonly appId: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: HttpWechatOAuthOptions) {
    this.appId = options.appId;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  authorizeUrl({ redirectUri, scope, state }: OAuthAuthorizeRequest): string {
    const url = new URL('/connect/oauth2/authorize', this.options.oauthBase);
    // WeChat reads the parameters in this order and wants the #wechat_redirect fragment.
    url.search = new URLSearchParams({
      appid: this.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state,
    }).toString();
    url.hash = 'wechat_redirect';
    return url.toString();
  }

  async exchangeCode(code: string): Promise<OAuthGrant> {
    const answer = await callWechat(this.fetch, this.options.apiBase, '/sns/oauth2/access_token', {
      appid: this.appId,
      secret: this.options.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (
      errcodeOf(answer) !== 0 ||
      typeof answer.openid !== 'string' ||
      typeof answer.access_token !== 'string'
    ) {
      throw new WechatApiError(
        `oauth2/access_token failed: ${answer.errcode} ${answer.errmsg}`,
        errcodeOf(answer),
      );
    }
    return {
      openid: answer.openid,
      unionid: typeof answer.unionid === 'string' ? answer.unionid : null,
      scope: scopeOf(answer.scope),
      accessToken: answer.access_token,
    };
  }

  async profile(grant: OAuthGrant): Promise<OAuthProfile> {
    const answer = await callWechat(this.fetch, this.options.apiBase, '/sns/userinfo', {
      access_token: grant.accessToken,
      openid: grant.openid,
      lang: 'zh_CN',
    });
    if (errcodeOf(answer) !== 0 || answer.openid !== grant.openid) {
      throw new WechatApiError(
        `sns/userinfo failed: ${answer.errcode} ${answer.errmsg}`,
        errcodeOf(answer),
      );
    }
    return {
      nickname: typeof answer.nickname === 'string' ? answer.nickname.slice(0, 64) : '',
      avatarUrl: typeof answer.headimgurl === 'string' ? answer.headimgurl.slice(0, 512) : '',
      unionid: typeof answer.unionid === 'string' ? answer.unionid : grant.unionid,
    };
  }
}

export const DEVELOPMENT_APP_ID = 'wxdevelopment';
const DEV_CODE_LIFETIME_MS = 5 * 60_000;

/**
 * The development identity: its authorise page is our own (the dev route, clearly labelled), and
 * its codes are signed by this server, carry the browser's development openid and last five
 * minutes, as WeChat's do. Nothing leaves the machine.
 */
export class DevelopmentWechatOAuth implements WechatOAuthProvider {
  readonly kind = 'development';
  readonly appId = DEVELOPMENT_APP_ID;

  constructor(
    /** Absolute URL of the development authorise page (the dev route). */
    private readonly authorizePage: (redirectUri: string) => string,
    private readonly key: Buffer,
    private readonly now: () => number,
  ) {}

  authorizeUrl({ redirectUri, scope, state }: OAuthAuthorizeRequest): string {
    const url = new URL(this.authorizePage(redirectUri));
    url.search = new URLSearchParams({
      appid: this.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state,
    }).toString();
    return url.toString();
  }

  /** The code the development page hands back for `openid` (letters and digits only). */
  issueCode(openid: string, scope: OAuthScope): string {
    const body = `${openid}_${scope === 'snsapi_userinfo' ? 'u' : 'b'}_${this.now()}`;
    return `${body}_${this.mac(body)}`;
  }

  async exchangeCode(code: string): Promise<OAuthGrant> {
    const parts = code.split('_');
    const mac = parts.pop() ?? '';
    const body = parts.join('_');
    const [openid, scope, issuedAt] = parts;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (
      parts.length !== 3 ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new WechatApiError('development code invalid', 40029);
    }
    if (this.now() - Number(issuedAt) > DEV_CODE_LIFETIME_MS) {
      throw new WechatApiError('development code expired', 42003);
    }
    return {
      openid: `dev-${openid}`,
      unionid: null,
      scope: scope === 'u' ? 'snsapi_userinfo' : 'snsapi_base',
      accessToken: 'development',
    };
  }

  async profile(grant: OAuthGrant): Promise<OAuthProfile> {
    return { nickname: `开发用户${grant.openid.slice(-4)}`, avatarUrl: '', unionid: null };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`devcode:${body}`).digest('hex').slice(0, 32);
  }
}
