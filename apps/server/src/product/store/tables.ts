// Row types of the product API's tables (migration 0003_product). Times are epoch ms, as
// everywhere in the store.
import type { Generated } from 'kysely';

/** A shopper, identified by a mainland mobile number. */
export interface ProductUserTable {
  id: Generated<number>;
  mobile: string;
  nickname: string;
  /** Stable code for invitation links, unique. */
  share_code: string;
  created_at: number;
  updated_at: number;
}

/** A login session; only the sha256 of the token (`ut`) is kept. */
export interface ProductSessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** An SMS verification code sent to a number; only the latest one of a number counts. */
export interface SmsCaptchaTable {
  id: Generated<number>;
  mobile: string;
  /** The client's captchasType, recorded as sent. */
  purpose: number;
  code: string;
  attempts: Generated<number>;
  consumed_at: number | null;
  expires_at: number;
  client_address: string;
  created_at: number;
}

/** The answer of an image captcha shown by user/init.do; deleted when checked. */
export interface ImageCaptchaTable {
  key: string;
  answer: string;
  expires_at: number;
}

/** A message the outbox SMS provider "sent" (the embedded default provider). */
export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  text: string;
  created_at: number;
}

/** A fixed-window counter, incremented atomically on both engines. */
export interface RateCounterTable {
  key: string;
  count: number;
  reset_at: number;
}

/** An open-API signature already accepted, kept until its timestamp leaves the window. */
export interface OpenApiSeenSignatureTable {
  key: string;
  expires_at: number;
}

/** Values shared by every process for a while (the WeChat access token and jsapi ticket). */
export interface ProductCacheTable {
  key: string;
  value: string;
  expires_at: number;
}

/** One page view reported by the lizard script. */
export interface LizardPageViewTable {
  id: Generated<number>;
  path: string;
  referrer: string;
  title: string;
  ttfb_ms: number | null;
  dom_ready_ms: number | null;
  load_ms: number | null;
  user_agent: string;
  client_address: string;
  created_at: number;
}

/** A WeChat openid of an app id (migration 0025), linked to a shopper once a number is bound. */
export interface WechatIdentityTable {
  id: Generated<number>;
  app_id: string;
  openid: string;
  unionid: string | null;
  user_id: number | null;
  nickname: Generated<string>;
  avatar_url: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ProductTables {
  product_users: ProductUserTable;
  product_sessions: ProductSessionTable;
  sms_captchas: SmsCaptchaTable;
  image_captchas: ImageCaptchaTable;
  sms_outbox: SmsOutboxTable;
  rate_counters: RateCounterTable;
  openapi_seen_signatures: OpenApiSeenSignatureTable;
  product_cache: ProductCacheTable;
  lizard_page_views: LizardPageViewTable;
  wechat_identities: WechatIdentityTable;
}
