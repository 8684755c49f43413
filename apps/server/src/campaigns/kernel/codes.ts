// The campaigns' error catalogue (6xxxx), beside the product API's (src/product/codes.ts). Same
// envelope `{code, message, data}`; messages are shown to shoppers as they are, so they are
// Simplified Chinese. docs/campaigns.md lists the same table; a unit test keeps them equal.

export const CAMPAIGN_CODES = {
  campaignNotFound: { code: 60000, message: '活动不存在' },
  campaignNotStarted: { code: 60001, message: '活动尚未开始，敬请期待' },
  campaignEnded: { code: 60002, message: '活动已结束，感谢您的参与' },
  awardNotFound: { code: 60003, message: '奖品不存在' },

  alreadySigned: { code: 60010, message: '今天已经签到过了，明天再来吧' },

  noChancesToday: { code: 60020, message: '今日抽奖次数已用完，分享给好友可获得更多机会' },
  noChancesTotal: { code: 60021, message: '您的抽奖次数已用完' },
  shareBonusCapped: { code: 60022, message: '今日分享奖励次数已达上限' },
  shareCodeInvalid: { code: 60023, message: '分享链接无效或已失效' },
  selfAssist: { code: 60024, message: '不能为自己助力哦' },
  alreadyAssisted: { code: 60025, message: '您已经为这位好友助力过了' },
  raffleBoardEmpty: { code: 60026, message: '奖品准备中，暂时无法抽奖' },

  addressNotNeeded: { code: 60030, message: '该奖品无需填写收货地址' },
  addressAlreadySet: { code: 60031, message: '收货地址已提交，可在奖品详情中修改' },
  addressRegionInvalid: { code: 60032, message: '所选省市区不正确，请重新选择' },
  addressNotSet: { code: 60033, message: '该奖品尚未填写收货地址，请先填写' },

  passwordWrong: { code: 60040, message: '口令不正确，请核对后再试' },
  passwordUsedUp: { code: 60041, message: '手慢了，该口令的奖品已被领完' },
  passwordExpired: { code: 60042, message: '该口令已过期' },
  passwordNotStarted: { code: 60043, message: '该口令尚未生效，请留意活动时间' },
  passwordAlreadyUsed: { code: 60044, message: '您已经使用过该口令了' },
  passwordTooManyAttempts: { code: 60045, message: '尝试次数过多，请稍后再试' },

  couponNotFound: { code: 60050, message: '优惠券不存在' },
  couponSoldOut: { code: 60051, message: '优惠券已抢光' },
  couponLimitReached: { code: 60052, message: '您已领取过该优惠券' },
  couponUsed: { code: 60053, message: '优惠券已使用' },
  couponExpired: { code: 60054, message: '优惠券已过期' },
  couponNotOnline: { code: 60055, message: '该优惠券仅限门店使用' },
  couponThresholdNotMet: { code: 60056, message: '订单金额未达到优惠券使用门槛' },
  newUserPackClaimed: { code: 60057, message: '您已领取过新人礼包' },
  newUserPackNotEligible: { code: 60058, message: '新人礼包仅限新注册用户领取' },
  giftSelfClaim: { code: 60059, message: '不能领取自己分享的优惠券哦' },
  giftAlreadyClaimed: { code: 60060, message: '您已领取过好友赠送的优惠券' },
  exchangeCodeInvalid: { code: 60061, message: '兑换码不存在，请核对后再试' },
  exchangeCodeUsed: { code: 60062, message: '兑换码已被使用' },
  exchangeCodeExpired: { code: 60063, message: '兑换码已过期' },

  pointsInsufficient: { code: 60070, message: '积分不足' },

  // Same code as the product API's: a parameter fails its schema (checked without type coercion).
  badParameter: { code: 10001, message: '参数错误' },

  adminDisabled: { code: 61001, message: '管理接口未启用：请设置 MORSEL_ADMIN_KEY' },
  adminKeyInvalid: { code: 61002, message: '管理密钥错误' },
  adminBadConfig: { code: 61003, message: '活动配置不正确' },
  adminNotFound: { code: 61004, message: '未找到该配置项' },
  adminThrottled: { code: 61005, message: '密钥错误次数过多，请稍后再试' },
  adminCashierOnly: { code: 61006, message: '收银密钥只能核销优惠券' },
} as const satisfies Record<string, { code: number; message: string }>;

export type CampaignCodeName = keyof typeof CAMPAIGN_CODES;

/** A campaign refusal; the campaigns' error handler turns it into `{code, message, data}`. */
export class CampaignError extends Error {
  readonly code: number;
  constructor(
    readonly key: CampaignCodeName,
    message?: string,
    readonly data: unknown = null,
    readonly status = 200,
  ) {
    super(message ?? CAMPAIGN_CODES[key].message);
    this.name = 'CampaignError';
    this.code = CAMPAIGN_CODES[key].code;
  }
}

export function refuse(
  name: CampaignCodeName,
  options: { message?: string; data?: unknown; status?: number } = {},
): CampaignError {
  return new CampaignError(name, options.message, options.data ?? null, options.status ?? 200);
}
