// The shapes replies are made of, shared by several routes. Every property a handler answers is
// listed: replies are serialised from these schemas, which leave out anything not named here.
import { Type, type Static } from '@sinclair/typebox';
import { Millis, Nullable, StringEnum } from './primitives.ts';

export const PublicUser = Type.Object({
  id: Type.Integer(),
  mobile: Type.String({ description: 'masked: 138****0000' }),
  nickname: Type.String(),
});

/** What shoppers see: the window, or `paused` while an operator holds the campaign (61010). */
export const CampaignState = StringEnum(['not_started', 'running', 'paused', 'ended']);
/** The operator's view (admin API): the lifecycle an operator sets, with the window applied. */
export const CampaignStatus = StringEnum([
  'draft',
  'scheduled',
  'running',
  'paused',
  'ended',
  'archived',
]);
export const PrizeKind = StringEnum(['thanks', 'points', 'coupon', 'goods']);
export type PrizeKind = Static<typeof PrizeKind>;
/** A thanks prize makes no award a shopper is shown (lists leave them out, a draw answers null). */
export const AwardKind = StringEnum(['points', 'coupon', 'goods']);
export type AwardKind = Static<typeof AwardKind>;
/** What earned an award. */
export const AwardSource = StringEnum([
  'draw',
  'streak',
  'password',
  'shake',
  'bag',
  'rain',
  'fission',
  'live',
]);
export type AwardSource = Static<typeof AwardSource>;
/** How a shopper came by a coupon. */
export const CouponSource = StringEnum(['centre', 'newuser', 'gift', 'exchange', 'award']);
export type CouponSource = Static<typeof CouponSource>;

export const CampaignView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  rules: Type.Array(Type.String()),
  startsAt: Millis,
  endsAt: Millis,
  state: CampaignState,
  serverTime: Millis,
  /** The line under the title, from the campaign's settings ('' when unset). */
  tagline: Type.String(),
  /** The text a share of the campaign carries ('' when unset). */
  shareText: Type.String(),
});

export const AwardView = Type.Object({
  id: Type.Integer(),
  campaignId: Type.String(),
  prizeKey: Type.String(),
  name: Type.String(),
  image: Type.String(),
  kind: AwardKind,
  value: Type.Union([Type.Number(), Type.String()], {
    description: 'points for a points prize; the template key for a coupon',
  }),
  source: AwardSource,
  state: StringEnum(['issued', 'needs_address', 'address_submitted', 'shipped', 'received']),
  couponId: Nullable(Type.Integer()),
  createdAt: Millis,
});

export const DeliveryAddress = Type.Object({
  name: Type.String(),
  mobile: Type.String(),
  provinceCode: Type.String(),
  provinceName: Type.String(),
  cityCode: Type.String(),
  cityName: Type.String(),
  regionCode: Type.String(),
  regionName: Type.String(),
  detail: Type.String(),
});

export const Channel = StringEnum(['store', 'online']);

export const TemplateView = Type.Object({
  templateKey: Type.String(),
  name: Type.String(),
  category: Type.String(),
  value: Type.Integer({ description: 'amount off, in fen' }),
  threshold: Type.Integer({ description: 'minimum order, in fen; 0 none' }),
  valueText: Type.String(),
  thresholdText: Type.String(),
  validDays: Type.Integer(),
  scope: Type.String(),
  channels: Type.Array(Channel),
  onlinePath: Type.String(),
});

export const CouponStatus = StringEnum(['unused', 'used', 'expired']);

export const CouponView = Type.Object({
  id: Type.Integer(),
  ...TemplateView.properties,
  source: CouponSource,
  claimedAt: Millis,
  expiresAt: Millis,
  status: CouponStatus,
  usedAt: Nullable(Millis),
  usedChannel: Nullable(Type.String()),
  expiresSoon: Type.Boolean({
    description: "unused and expiring within the coupon campaign's expiryWarningDays (即将过期)",
  }),
  code: Type.Optional(Type.String({ description: 'only on the one-coupon reply' })),
});

/** One of the shopper's own coupons, with the code the shop scans. */
export const CouponWithCode = Type.Object({ ...CouponView.properties, code: Type.String() });

/** How a goods prize travels (decision 0038): the operator's carrier and tracking number. */
export const Shipment = Type.Object({
  carrier: Type.String(),
  trackingNo: Type.String(),
  shippedAt: Millis,
  receivedAt: Nullable(Millis),
});

export const AwardDetail = Type.Object({
  ...AwardView.properties,
  usage: Type.Array(Type.String()),
  coupon: Nullable(CouponView),
  address: Nullable(DeliveryAddress),
  shipment: Nullable(Shipment),
});
