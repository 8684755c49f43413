// The campaign API (docs/campaigns.md) through the older wrapper: the campaigns live on the
// product API's host, with its session (`ut`). Every call resolves with the envelope, so pages
// show the server's own message for a refusal; RequestFailure and LoginInvalid reject.
import { legacyRequest } from '../../request/legacy.ts';
import type { ApiEnvelope, Payload } from '../../request/types.ts';

export type CampaignState = 'not_started' | 'running' | 'ended';

export interface Campaign {
  id: string;
  kind: string;
  title: string;
  rules: string[];
  startsAt: number;
  endsAt: number;
  state: CampaignState;
  serverTime: number;
  tagline: string; // added by kit
  shareText: string; // added by kit
}

export type PrizeKind = 'thanks' | 'points' | 'coupon' | 'goods';

export interface Award {
  id: number | string;
  campaignId: string;
  prizeKey: string;
  name: string;
  image: string;
  kind: Exclude<PrizeKind, 'thanks'>;
  /** Points (a number) for a points prize, the template key for a coupon prize. */
  value: string | number;
  source: 'draw' | 'streak' | 'password';
  state: 'issued' | 'needs_address' | 'address_submitted';
  couponId: number | string | null;
  createdAt: number;
}

export interface Address {
  name: string;
  mobile: string;
  provinceName?: string;
  cityName?: string;
  regionName?: string;
  detail: string;
  provinceCode?: string; // added by kit
  cityCode?: string; // added by kit
  regionCode?: string; // added by kit
}

export interface Template {
  templateKey: string;
  name: string;
  category: string;
  value: number;
  threshold: number;
  valueText: string;
  thresholdText: string;
  validDays: number;
  scope: string;
  channels: ('store' | 'online')[];
  onlinePath: string;
}

export interface Coupon extends Template {
  id: number | string;
  source: 'centre' | 'newuser' | 'gift' | 'exchange' | 'award';
  claimedAt: number;
  expiresAt: number;
  status: 'unused' | 'used' | 'expired';
  usedAt: number | null;
  usedChannel: string | null;
  code?: string;
}

export interface AwardDetail extends Award {
  usage: string[];
  coupon: Coupon | null;
  address: Address | null;
  contactMobile: string; // added by kit
}

/** A campaign with a "my prizes" list (docs/campaigns.md: shared routes). */
export type AwardCampaign = 'sign' | 'raffle' | 'password';

export function campaignGet<T>(path: string, data?: Payload): Promise<ApiEnvelope<T>> {
  return legacyRequest<T>(`/api/campaign/${path}`, { method: 'GET', data });
}

export function campaignPost<T>(path: string, data?: Payload): Promise<ApiEnvelope<T>> {
  return legacyRequest<T>(`/api/campaign/${path}`, { method: 'POST', data });
}

/** Campaign codes the pages react to beyond showing the message (docs/campaigns.md). */
export const CODES = {
  notStarted: 60001,
  ended: 60002,
  awardNotFound: 60003,
  signedToday: 60010,
  noDrawsToday: 60020,
  noDrawsLeft: 60021,
  shareCodeInvalid: 60023,
  alreadyAssisted: 60025,
  passwordWrong: 60040,
  passwordUsedUp: 60041,
  passwordExpired: 60042,
  passwordNotYet: 60043,
  passwordUsed: 60044,
  tooManyAttempts: 60045,
  couponNotFound: 60050,
  couponSoldOut: 60051,
  couponClaimed: 60052,
  newUserClaimed: 60057,
  newUserNotEligible: 60058,
  giftOwn: 60059,
  giftClaimed: 60060,
} as const;

export function codeOf(envelope: Pick<ApiEnvelope, 'code'>): number {
  return Number(envelope.code);
}
