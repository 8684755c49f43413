// The campaigns' shopper routes (docs/campaigns.md): prize images, "my prizes", daily sign-in,
// the raffle, the password prize and the coupon campaign.
import { Type } from '@sinclair/typebox';
import {
  FormInteger,
  IdParams,
  Key,
  Millis,
  Mobile,
  Nullable,
  RegionCode,
  ShareCode,
  StringEnum,
} from '../schemas/primitives.ts';
import {
  AwardDetail,
  AwardView,
  CampaignView,
  CouponStatus,
  CouponView,
  CouponWithCode,
  DeliveryAddress,
  PrizeKind,
  TemplateView,
} from '../schemas/views.ts';
import {
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';
import { CampaignQuery, WhichCampaign } from './which-campaign.ts';

const CampaignParams = Type.Object({ campaign: Key });
const AwardParams = Type.Object({ campaign: Key, id: IdParams.properties.id });
const Chances = Type.Object({
  left: Type.Integer(),
  usedToday: Type.Integer(),
  base: Type.Integer(),
  bonus: Type.Integer(),
  bonusCap: Type.Integer(),
});
const BoardPrize = Type.Object({
  key: Type.String(),
  name: Type.String(),
  image: Type.String(),
  kind: PrizeKind,
  slot: Type.Integer(),
});
const PrizeCard = Type.Object({
  key: Type.String(),
  name: Type.String(),
  image: Type.String(),
  kind: PrizeKind,
});
const Nickname = Type.Object({ nickname: Type.String() });
const ShareCodeBody = Type.Object({ shareCode: ShareCode });
const COUPON_ISSUE = ['couponSoldOut', 'couponLimitReached'] as const;

const AddressBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }),
  mobile: Mobile,
  provinceCode: Type.Optional(RegionCode),
  cityCode: Type.Optional(RegionCode),
  regionCode: RegionCode,
  detail: Type.String({ minLength: 4, maxLength: 120, pattern: '\\S' }),
});

export const CAMPAIGN_ROUTES = defineRoutes({
  'assets.image': {
    summary:
      'A prize picture of the seed campaigns: PNG or WebP rendered from its SVG art, or the SVG (404 when there is none of that name)',
    params: Type.Object({ name: Type.String({ pattern: '^[a-z0-9-]{1,40}\\.(svg|png|webp)$' }) }),
    reply: 'image/png',
    data: Type.String({ description: "PNG, WebP or SVG image, by the name's extension" }),
    errors: [...UNREADABLE],
  },

  'awards.list': {
    summary: "The shopper's prizes of a campaign",
    params: CampaignParams,
    data: Type.Array(AwardView),
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ],
  },
  'awards.detail': {
    summary: 'One prize with how to use it, its coupon and its delivery address',
    params: AwardParams,
    data: Type.Object({
      ...AwardDetail.properties,
      /** The owner's own number in full, to prefill the address form (only the owner reads it). */
      contactMobile: Type.String(),
      /** The kind of the prize's campaign, whose pages the detail links back to (decision 0037). */
      campaignKind: Type.String(),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ, 'awardNotFound', 'couponNotFound'],
  },
  'awards.address': {
    summary: 'The delivery address of a goods prize (once)',
    params: AwardParams,
    body: AddressBody,
    data: Type.Object({
      id: Type.Integer(),
      state: StringEnum(['address_submitted']),
      address: DeliveryAddress,
    }),
    errors: [
      ...UNREADABLE,
      'badMobile',
      ...CAMPAIGN,
      ...LOGGED_IN,
      'awardNotFound',
      'addressNotNeeded',
      'addressRegionInvalid',
      'addressAlreadySet',
    ],
  },

  'awards.changeAddress': {
    summary: 'Corrects the delivery address of a goods prize while it has not shipped',
    params: AwardParams,
    body: AddressBody,
    data: Type.Object({
      id: Type.Integer(),
      state: StringEnum(['address_submitted']),
      address: DeliveryAddress,
    }),
    errors: [
      ...UNREADABLE,
      'badMobile',
      ...CAMPAIGN,
      ...LOGGED_IN,
      'awardNotFound',
      'addressNotNeeded',
      'addressRegionInvalid',
      'addressNotSet',
      'addressShipped',
    ],
  },

  'sign.calendar': {
    summary: 'The sign-in month: days signed, streak, points and milestone rewards',
    querystring: Type.Object({
      ...WhichCampaign,
      month: Type.Optional(
        Type.String({
          pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
          description: 'YYYY-MM, default this month',
        }),
      ),
    }),
    data: Type.Object({
      campaign: CampaignView,
      loggedIn: Type.Boolean(),
      today: Type.String(),
      month: Type.String(),
      days: Type.Array(
        Type.Object({ date: Type.String(), signed: Type.Boolean(), isToday: Type.Boolean() }),
      ),
      signedToday: Type.Boolean(),
      streak: Type.Integer(),
      dailyPoints: Type.Integer(),
      points: Nullable(Type.Integer()),
      streakRewards: Type.Array(
        Type.Object({
          days: Type.Integer(),
          prize: Nullable(PrizeCard),
          reached: Type.Boolean(),
        }),
      ),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'sign.today': {
    summary: 'Sign in today (once per Asia/Shanghai day)',
    querystring: CampaignQuery,
    data: Type.Object({
      date: Type.String(),
      streak: Type.Integer(),
      points: Type.Integer(),
      balance: Type.Integer(),
      reward: Nullable(AwardView),
    }),
    errors: [...UNREADABLE, ...RUNNING, ...LOGGED_IN, 'alreadySigned'],
  },

  'raffle.board': {
    summary: 'The wheel or nine-grid, chances left and a share link as its visitor sees it',
    querystring: Type.Object({ ...WhichCampaign, shareCode: Type.Optional(ShareCode) }),
    data: Type.Object({
      campaign: CampaignView,
      layout: StringEnum(['wheel', 'grid']),
      prizes: Type.Array(BoardPrize),
      loggedIn: Type.Boolean(),
      chances: Nullable(Chances),
      shareCode: Nullable(Type.String()),
      /** Draws a day, and the most a day's shares and assists may add (the page's copy). */
      dailyChances: Type.Integer(),
      bonusChancesPerDay: Type.Integer(),
      assist: Nullable(
        Type.Object({
          sharer: Nullable(Nickname),
          isSelf: Type.Boolean(),
          assisted: Type.Boolean(),
        }),
      ),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'raffle.chances': {
    summary: 'Draws left today',
    querystring: CampaignQuery,
    data: Chances,
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ],
  },
  'raffle.draw': {
    summary: 'Draw: the server picks the prize and answers the slot to animate to',
    querystring: CampaignQuery,
    data: Type.Object({
      slot: Type.Integer(),
      prize: BoardPrize,
      award: Nullable(AwardView),
      chances: Chances,
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'raffleBoardEmpty',
      'noChancesToday',
      'noChancesTotal',
    ],
  },
  'raffle.share': {
    summary: 'One more draw for a share, within the daily cap',
    querystring: CampaignQuery,
    data: Chances,
    errors: [...UNREADABLE, ...RUNNING, ...LOGGED_IN, 'shareBonusCapped'],
  },
  'raffle.assist': {
    summary: 'Help a friend: once per friend; the sharer earns a draw (within the cap)',
    body: ShareCodeBody,
    querystring: CampaignQuery,
    data: Type.Object({ sharer: Nickname, sharerEarnedChance: Type.Boolean() }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'shareCodeInvalid',
      'selfAssist',
      'alreadyAssisted',
    ],
  },
  'raffle.winners': {
    summary: 'Recent winners with masked numbers',
    querystring: CampaignQuery,
    data: Type.Array(
      Type.Object({ mobile: Type.String(), prizeName: Type.String(), createdAt: Millis }),
    ),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },

  'password.page': {
    summary: 'The password campaign and its prizes',
    querystring: CampaignQuery,
    data: Type.Object({ campaign: CampaignView, prizes: Type.Array(PrizeCard) }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'password.redeem': {
    summary: 'Redeem a password for its prize (attempts limited per shopper and address)',
    querystring: CampaignQuery,
    body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 32 }) }),
    data: Type.Object({ award: AwardView }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'passwordTooManyAttempts',
      'passwordWrong',
      'passwordNotStarted',
      'passwordExpired',
      'passwordAlreadyUsed',
      'passwordUsedUp',
    ],
  },

  'coupon.centre': {
    summary: 'Claimable coupons by category, with the shopper’s state of each',
    querystring: CampaignQuery,
    data: Type.Object({
      campaign: CampaignView,
      loggedIn: Type.Boolean(),
      categories: Type.Array(
        Type.Object({
          name: Type.String(),
          coupons: Type.Array(
            Type.Object({
              ...TemplateView.properties,
              perUserLimit: Type.Integer(),
              claimedByMe: Type.Integer(),
              soldOut: Type.Boolean(),
              state: StringEnum(['claimable', 'claimed', 'sold_out']),
            }),
          ),
        }),
      ),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'coupon.claim': {
    summary: 'Claim a coupon of the centre',
    querystring: CampaignQuery,
    body: Type.Object({ templateKey: Key }),
    data: CouponView,
    errors: [...UNREADABLE, ...RUNNING, ...LOGGED_IN, 'couponNotFound', ...COUPON_ISSUE],
  },
  'coupon.exchange': {
    summary: 'Turn an exchange code into a coupon',
    body: Type.Object({ code: Type.String({ minLength: 4, maxLength: 40 }) }),
    data: CouponView,
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'exchangeCodeInvalid',
      'exchangeCodeUsed',
      'exchangeCodeExpired',
      'exchangeCodeNotStarted',
    ],
  },
  'coupon.newUser': {
    summary: 'The new-user pack and whether the shopper may claim it',
    data: Type.Object({
      campaign: CampaignView,
      title: Type.String(),
      withinDays: Type.Integer(),
      coupons: Type.Array(TemplateView),
      totalValue: Type.Integer(),
      loggedIn: Type.Boolean(),
      claimed: Type.Boolean(),
      eligible: Nullable(Type.Boolean()),
    }),
    errors: [...CAMPAIGN],
  },
  'coupon.newUserClaim': {
    summary: 'Claim the new-user pack (once per account, new accounts only)',
    data: Type.Array(CouponView),
    errors: [...RUNNING, ...LOGGED_IN, 'newUserPackClaimed', 'newUserPackNotEligible'],
  },
  'coupon.poster': {
    summary: "The share poster's data: the gift coupon and the shopper's share link",
    data: Type.Object({
      campaign: CampaignView,
      title: Type.String(),
      subtitle: Type.String(),
      coupon: TemplateView,
      sharer: Nickname,
      shareCode: Type.String(),
      sharePath: Type.String(),
    }),
    errors: [...CAMPAIGN, ...LOGGED_IN_READ],
  },
  'coupon.gift': {
    summary: 'A coupon a friend sent, as its receiver sees it',
    querystring: Type.Object({ shareCode: ShareCode }),
    data: Type.Object({
      campaign: CampaignView,
      sharer: Type.Object({ nickname: Type.String(), mobile: Type.String() }),
      coupon: TemplateView,
      soldOut: Type.Boolean(),
      loggedIn: Type.Boolean(),
      isSelf: Type.Boolean(),
      claimed: Type.Boolean(),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'shareCodeInvalid'],
  },
  'coupon.giftClaim': {
    summary: "Claim a friend's gift coupon (once per receiver, never one's own)",
    body: ShareCodeBody,
    data: CouponView,
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'shareCodeInvalid',
      'giftSelfClaim',
      'giftAlreadyClaimed',
      ...COUPON_ISSUE,
    ],
  },
  'coupon.mine': {
    summary: "The shopper's coupons of one status (unused by default)",
    querystring: Type.Object({ status: Type.Optional(CouponStatus) }),
    data: Type.Array(CouponView),
    errors: [...UNREADABLE, ...LOGGED_IN_READ],
  },
  'coupon.mineDetail': {
    summary: 'One of the shopper’s coupons with its redemption code',
    params: IdParams,
    data: CouponWithCode,
    errors: [...UNREADABLE, ...LOGGED_IN_READ, 'couponNotFound'],
  },
  'coupon.use': {
    summary: 'Use a coupon online against an order total',
    params: IdParams,
    body: Type.Object({
      orderAmount: FormInteger(
        { minimum: 1, maximum: 100_000_000 },
        '^([1-9]\\d{0,7}|100000000)$',
        'order total in fen',
      ),
    }),
    data: Type.Object({
      couponId: Type.Integer(),
      discount: Type.Integer(),
      payable: Type.Integer(),
      usedAt: Millis,
    }),
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      'couponNotFound',
      'couponNotOnline',
      'couponUsed',
      'couponExpired',
      'couponThresholdNotMet',
    ],
  },
});
