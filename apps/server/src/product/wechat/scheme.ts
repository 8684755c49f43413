// Mini-program URL schemes (weixin://dl/business/?t=…) minted by WeChat's generatescheme API
// with the mini-program's own access_token (api-client.ts keeps it cached). A page outside
// WeChat opens the scheme to jump into the mini-program; when minting fails the page falls back
// to the mini-program code and the open-in-WeChat guide.
import {
  AccessTokenSource,
  errcodeOf,
  WechatApiError,
  type WechatAppOptions,
} from './api-client.ts';

export interface SchemeTarget {
  /** A page of the mini-program, e.g. pages/index/index (no leading slash). */
  path: string;
  /** Its query string, without `?`. */
  query: string;
  envVersion: 'release' | 'trial' | 'develop';
}

export interface MintedScheme {
  openlink: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface MiniProgramSchemes {
  mint(target: SchemeTarget, now: number): Promise<MintedScheme>;
}

/** Schemes are asked to live a day; WeChat's answer has no expiry, so ours is the asked one. */
export const SCHEME_LIFETIME_DAYS = 1;

export class WechatSchemes implements MiniProgramSchemes {
  private readonly tokens: AccessTokenSource;

  constructor(options: WechatAppOptions) {
    this.tokens = new AccessTokenSource(options);
  }

  async mint(target: SchemeTarget, now: number): Promise<MintedScheme> {
    const answer = await this.tokens.call(
      '/wxa/generatescheme',
      {},
      {
        jump_wxa: { path: target.path, query: target.query, env_version: target.envVersion },
        is_expire: true,
        expire_type: 1,
        expire_interval: SCHEME_LIFETIME_DAYS,
      },
    );
    if (errcodeOf(answer) !== 0 || typeof answer.openlink !== 'string') {
      throw new WechatApiError(
        `generatescheme failed: ${answer.errcode} ${answer.errmsg}`,
        errcodeOf(answer),
      );
    }
    if (!answer.openlink.startsWith('weixin://'))
      throw new WechatApiError('generatescheme answered a link that is not a weixin:// scheme');
    return { openlink: answer.openlink, expiresAt: now + SCHEME_LIFETIME_DAYS * 86_400_000 };
  }
}
