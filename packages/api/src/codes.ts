// The one error catalogue of the HTTP API: every business code with its message. Replies are
// `{code, message, data}`; code 0 is success. Messages are shown to shoppers, so they are
// Simplified Chinese. The product codes are tabled in docs/product-api.md and the campaign codes
// in docs/campaigns.md; a test keeps each table equal to its part of the catalogue.

type Catalogue = Record<string, { code: number; message: string }>;

/** Sessions, captchas, accounts, the open-API signature and WeChat (1xxxx-5xxxx, -331007). */
export const PRODUCT_CODES = {
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

  // 50010-50049: WeChat authorisation and mini-program jumps (decision 0021).
  wechatLoginOff: { code: 50010, message: '暂未开通微信登录，请使用手机号登录' },
  wechatStateInvalid: { code: 50011, message: '授权已失效，请重新发起微信授权' },
  wechatCodeInvalid: { code: 50012, message: '微信授权已过期，请重新授权' },
  wechatAuthFailed: { code: 50013, message: '微信授权失败，请稍后再试' },
  wechatAuthDenied: { code: 50014, message: '您已取消微信授权' },
  wechatBindExpired: { code: 50015, message: '绑定已超时，请重新微信授权' },
  wechatBoundElsewhere: { code: 50016, message: '该微信已绑定其他手机号' },
  wechatMobileTaken: { code: 50017, message: '该手机号已绑定其他微信' },
  wechatIdentityRequired: { code: 50018, message: '请先完成微信授权' },
  wechatDevelopmentOnly: { code: 50019, message: '模拟授权仅在开发环境可用' },
  miniProgramNotConfigured: { code: 50020, message: '小程序跳转未配置，请扫码进入小程序' },
  miniProgramSchemeFailed: { code: 50021, message: '暂时无法打开小程序，请扫码进入' },
  miniProgramTargetUnknown: { code: 50022, message: '要打开的小程序页面不存在' },
} as const satisfies Catalogue;

/** The campaigns and their admin API (6xxxx); they share 10001 and the rest of the product's. */
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

  // 64900-64949: download and jump pages.
  downloadPageUnknown: { code: 64900, message: '下载页不存在' },

  adminDisabled: { code: 61001, message: '管理接口未启用：请设置 MORSEL_ADMIN_KEY' },
  adminKeyInvalid: { code: 61002, message: '管理密钥错误' },
  adminBadConfig: { code: 61003, message: '活动配置不正确' },
  adminNotFound: { code: 61004, message: '未找到该配置项' },
  adminThrottled: { code: 61005, message: '密钥错误次数过多，请稍后再试' },
  adminCashierOnly: { code: 61006, message: '收银密钥只能核销优惠券' },
  // 61100-61149: the operator console's accounts and sessions (docs/operator-console.md).
  consoleLoginFailed: { code: 61100, message: '账号或密码错误' },
  consoleLoginThrottled: { code: 61101, message: '登录失败次数过多，请稍后再试' },
  consoleSessionInvalid: { code: 61102, message: '登录已失效，请重新登录' },
  consoleReadOnly: { code: 61103, message: '只读账号不能修改' },
  consoleHeaderMissing: { code: 61104, message: '请求缺少控制台标头，请在控制台页面中操作' },

  // 61050-61089: winners and fulfilment, exchange codes, prize images (decision 0038).
  awardNotShipped: { code: 61050, message: '奖品尚未发货，发货后才能确认收货' },
  addressShipped: { code: 61051, message: '奖品已发货，收货地址不能再修改' },
  exchangeCodeNotStarted: { code: 61052, message: '兑换码尚未生效，请在生效后再兑换' },
  adminAwardNotFound: { code: 61060, message: '未找到该中奖记录' },
  adminAwardNotGoods: { code: 61061, message: '该奖品不是实物奖品，无需发货' },
  adminAwardNoAddress: { code: 61062, message: '中奖者尚未填写收货地址，暂不能发货' },
  adminAwardReceived: { code: 61063, message: '中奖者已确认收货，发货信息不能再修改' },
  adminExchangeCodesInvalid: { code: 61070, message: '兑换码设置不正确' },
  adminImageMissing: { code: 61080, message: '请选择要上传的奖品图片' },
  adminImageType: { code: 61081, message: '奖品图片仅支持JPG、PNG、WebP格式' },
  adminImageTooLarge: { code: 61082, message: '奖品图片不能超过5MB' },
  adminImageQuota: { code: 61083, message: '今日上传的奖品图片已达上限，请明天再试' },

  // 61010-61049: campaigns as instances, their lifecycle and safe prize edits (decision 0037).
  campaignPaused: { code: 61010, message: '活动已暂停，请稍后再来' },
  adminCampaignExists: { code: 61011, message: '活动编号已被使用' },
  adminStatusChange: { code: 61012, message: '活动当前状态不能这样变更' },
  adminStockIsLive: { code: 61013, message: '活动已发布，库存只能按增减调整' },
  adminPrizeAwarded: { code: 61014, message: '奖品已有中奖记录，不能删除，请改为下架' },
  adminPrizeInUse: { code: 61015, message: '奖品正被活动设置引用，不能删除' },

  // 62xxx: the games wave (vote, free-meal shake, open-bag prize, game centre).
  voteClosed: { code: 62001, message: '投票已截止，感谢您的参与' },
  voteOptionUnknown: { code: 62002, message: '该选项不存在，请刷新后再试' },
  voteDailyLimit: { code: 62003, message: '今日投票次数已用完，明天再来吧' },
  shakeNoChances: { code: 62010, message: '今日摇奖次数已用完，明天再来吧' },
  bagCodeInvalid: { code: 62020, message: '兑奖码不存在，请核对袋内兑奖码' },
  bagCodeOpened: { code: 62021, message: '该兑奖码已被使用' },
  bagTooManyAttempts: { code: 62022, message: '今日兑奖次数已达上限，请明天再试' },
  bagOrderConfirmed: { code: 62023, message: '订单已确认，请勿重复提交' },
  // 62100-62199: red-packet rain (docs/campaigns.md).
  rainNoChances: { code: 62100, message: '今天的红包雨次数已用完，邀请好友助力可再得机会' },
  rainRoundInvalid: { code: 62101, message: '本轮红包雨无效，请重新开始' },
  rainRoundSettled: { code: 62102, message: '本轮红包雨已结算，请勿重复提交' },
  rainTooManyTaps: { code: 62103, message: '点得太快了，本轮不计奖励' },
  rainRoundNotOver: { code: 62104, message: '本轮红包雨还没结束' },
  rainRoundExpired: { code: 62105, message: '本轮红包雨已超时，请重新开始' },
  rainCatchInvalid: { code: 62106, message: '本轮记录异常，不计奖励' },
  rainAssistedToday: { code: 62107, message: '今天已经为这位好友助力过了，明天再来吧' },
  // 62200-62299: red-packet fission (docs/campaigns.md, decision 0029).
  fissionPacketNotFound: { code: 62201, message: '红包不存在，请核对分享链接' },
  fissionPacketExpired: { code: 62202, message: '红包已过期，下次早点来哦' },
  fissionPacketFull: { code: 62203, message: '红包已被好友拆完啦' },
  fissionOwnPacket: { code: 62204, message: '不能帮自己拆红包，快邀请好友吧' },
  fissionHelpedAlready: { code: 62205, message: '您已经帮好友拆过这个红包了' },
  fissionHelpDailyLimit: { code: 62206, message: '今日帮拆次数已用完，明天再来吧' },
  fissionPacketDailyLimit: { code: 62207, message: '今日开红包次数已用完，明天再来吧' },
  fissionNotNewUser: { code: 62208, message: '新人红包仅限新注册用户领取' },
  fissionNewUserUsed: { code: 62209, message: '您已领取过新人红包' },
  // 62300-62399: the game centre (docs/campaigns.md, decision 0029).
  gameNoRounds: { code: 62301, message: '今日游戏次数已用完，明天再来吧' },
  gameRoundNotFound: { code: 62302, message: '本局游戏不存在，请重新开始' },
  gameRoundFinished: { code: 62303, message: '本局已结算，请勿重复提交' },
  gameRoundExpired: { code: 62304, message: '本局已超时，请重新开始' },
  gameInputsInvalid: { code: 62305, message: '成绩无效，请重新开始' },
  // 63xxx: orders and payment (commerce, docs/commerce.md).
  orderNotFound: { code: 63000, message: '订单不存在' },
  orderAmountChanged: { code: 63001, message: '订单金额有变化，请刷新后重新下单' },
  orderClosed: { code: 63002, message: '订单已关闭，请重新下单' },
  orderAlreadyPaid: { code: 63003, message: '订单已支付，请勿重复支付' },
  paymentNotifyInvalid: { code: 63004, message: '支付通知验证失败' },
  paymentMethodUnavailable: { code: 63005, message: '该支付方式暂不可用，请选择其他方式' },
  paymentProviderFailed: { code: 63006, message: '支付下单失败，请稍后再试' },
  topUpOptionInvalid: { code: 63007, message: '充值面额不存在，请重新选择' },
  orderNotRefundable: { code: 63008, message: '该订单当前不能退款' },
  refundBalanceInsufficient: { code: 63009, message: '储值卡余额不足，无法退款' },
  paymentAmountMismatch: { code: 63010, message: '支付金额与订单金额不符' },
  // 63100-63199: the cross-border shop (docs/crossborder.md).
  productNotFound: { code: 63100, message: '商品不存在或已下架' },
  purchaseLimitExceeded: { code: 63101, message: '超出每单限购数量' },
  outOfStock: { code: 63102, message: '商品库存不足' },
  refundNotifyRefused: { code: 63103, message: '退款通知与订单不符' },

  // 63200-63299: the orange gift card (docs/orange-card.md).
  orangeCityUnknown: { code: 63200, message: '该城市暂未开通小橙卡，请重新选择城市' },
  orangeFaceInvalid: { code: 63201, message: '该面值不存在，请重新选择' },
  orangeDailyOrderLimit: { code: 63202, message: '今日下单次数已达上限，请明天再试' },
  orangeCardNotFound: { code: 63203, message: '小橙卡不存在' },
  orangeCardNotGivable: { code: 63204, message: '该卡正在赠送中或已不可赠送' },
  orangeGiftNotFound: { code: 63205, message: '礼物链接无效，请向好友确认' },
  orangeGiftClaimed: { code: 63206, message: '这份礼物已被领取' },
  orangeGiftOwn: { code: 63207, message: '不能领取自己送出的礼物哦' },
  orangeGiftExpired: { code: 63208, message: '礼物已过期，已退回给好友' },
  orangeGiftDailyLimit: { code: 63209, message: '今日赠送次数已达上限，请明天再试' },

  // 63300-63399: CMS pages (docs/cms-and-stations.md).
  cmsPageNotFound: { code: 63300, message: '页面不存在或已下线' },

  // 63400-63499: store stations (docs/cms-and-stations.md).
  storeNotFound: { code: 63400, message: '门店不存在或已停业' },
  stationLocationInvalid: { code: 63401, message: '定位信息不正确，请重新定位或选择城市' },

  // 61150-61199: the console's admin side (docs/operator-console.md).
  consoleExportOperatorOnly: { code: 61150, message: '只有运营账号可以导出中奖名单' },
  // 61160-61179: adding prizes and coupon templates, retiring templates (decision 0059).
  adminPrizeExists: { code: 61160, message: '奖品编号已被使用' },
  adminTemplateExists: { code: 61161, message: '优惠券模板编号已被使用' },
  adminTemplateInUse: { code: 61162, message: '优惠券模板仍在使用中，不能停用' },
} as const satisfies Catalogue;

/** The forms with an operator side and their admin API (64000-64499, docs/forms.md). */
export const FORM_CODES = {
  formInvalid: { code: 64000, message: '请检查填写的内容' },

  photoMissing: { code: 64010, message: '请选择要上传的图片' },
  photoType: { code: 64011, message: '仅支持JPG、PNG、WebP格式的图片' },
  photoTooLarge: { code: 64012, message: '图片不能超过10MB' },
  photoQuota: { code: 64013, message: '今日上传图片数量已达上限，请明天再试' },

  applicationNotFound: { code: 64020, message: '申报记录不存在' },
  licenceTaken: { code: 64021, message: '该营业执照已提交过申报，请勿重复提交' },
  applicationReviewed: { code: 64022, message: '该申报已审核，不能重复审核' },
  rejectReasonMissing: { code: 64023, message: '驳回申报时请填写原因' },

  entryDuplicate: { code: 64030, message: '您已提交过申请，请勿重复提交' },
  entryMobileDuplicate: { code: 64031, message: '该手机号已提交过申请，请勿重复提交' },
  signUpDuplicate: { code: 64032, message: '您已报名，无需重复报名' },

  privacyRequestPending: { code: 64040, message: '您已提交过该申请，我们正在处理' },
  privacyRequestNotFound: { code: 64041, message: '申请不存在' },
  privacyRequestDone: { code: 64042, message: '该申请已处理' },

  // 64300-64399: content pages (community videos, wine corner, app updates; docs/content-pages.md).
  videoNotFound: { code: 64300, message: '视频不存在或已下架' },
  videoPreparing: { code: 64301, message: '视频正在准备中，请稍后再试' },
} as const satisfies Catalogue;

/** The forms-and-content wave (docs/content.md): 64100-64199 the love account, 64200-64299 content pages. */
export const CONTENT_CODES = {
  // 64100-64199: the love account (charity projects funded with points).
  loveProjectNotFound: { code: 64100, message: '爱心项目不存在' },
  loveProjectFunded: { code: 64101, message: '该项目已筹满，感谢您的爱心' },
  loveOverGoal: { code: 64102, message: '捐赠积分超过项目还需的积分，请调整后再捐' },
  loveAmountInvalid: { code: 64103, message: '单次捐赠积分超出上限' },
  loveDailyLimit: { code: 64104, message: '今日捐赠次数已达上限，明天再来吧' },
  // 64200-64299: content pages (gift stories, topics, the encyclopedia, partner zones).
  contentPageNotFound: { code: 64200, message: '页面不存在或已下线' },
} as const satisfies Catalogue;

/** Chat in the app (issue 23, docs/chat-pages.md): 65000-65099. */
export const CHAT_CODES = {
  // 65000-65009: the shopper's IM login.
  chatUnavailable: { code: 65000, message: '聊天服务暂不可用，请稍后再试' },
  chatAccountBlocked: { code: 65001, message: '您的聊天账号已被停用，请联系客服' },
  // 65010-65019: group-chat invite links.
  chatTeamNotFound: { code: 65010, message: '群聊不存在或已解散' },
  chatNotTeamManager: { code: 65011, message: '只有群主或管理员可以生成邀请链接' },
  chatInviteInvalid: { code: 65012, message: '邀请链接无效，请向群成员重新获取' },
  chatInviteExpired: { code: 65013, message: '邀请链接已过期，请向群成员重新获取' },
} as const satisfies Catalogue;

/** The voice post office (issue 23, docs/postoffice.md): 65200-65299. */
export const POSTOFFICE_CODES = {
  // 65200-65219: the recording.
  postcardVoiceMissing: { code: 65200, message: '请先录制一段声音' },
  postcardVoiceType: { code: 65201, message: '无法识别这段录音，请重新录制' },
  postcardVoiceTooLarge: { code: 65202, message: '录音文件过大，请重新录制' },
  postcardVoiceTooLong: { code: 65203, message: '录音不能超过60秒，请重新录制' },
  postcardVoiceTooShort: { code: 65204, message: '录音时间太短，请重新录制' },
  postcardVoiceQuota: { code: 65205, message: '今日录音次数已达上限，请明天再试' },
  postcardVoiceInvalid: { code: 65206, message: '录音已失效，请重新录制' },
  postcardVoiceUnavailable: { code: 65207, message: '录音服务暂不可用，请稍后再试' },
  // 65220-65239: the card.
  postcardDesignInvalid: { code: 65220, message: '模板或封面已下架，请重新选择' },
  postcardTextInvalid: { code: 65221, message: '明信片内容有误，请修改后再试' },
  postcardQuota: { code: 65222, message: '今日制作明信片数量已达上限，请明天再试' },
  postcardNotFound: { code: 65223, message: '明信片不存在或已被删除' },
} as const satisfies Catalogue;

/** The live room (issue 23, docs/live-pages.md): 65100-65199. */
export const LIVE_CODES = {
  liveNotFound: { code: 65100, message: '直播不存在或已下线' },
  liveNotHost: { code: 65101, message: '只有本场主播可以进行此操作' },
  liveNotOnAir: { code: 65102, message: '直播未在进行中' },
  liveNoViewers: { code: 65103, message: '直播间暂无可参与抽奖的观众' },
  livePrizeNotFound: { code: 65104, message: '奖品不存在，请刷新后重试' },
  livePrizeOutOfStock: { code: 65105, message: '该奖品已抽完，请换一个奖品' },
  liveHostUnknown: { code: 65106, message: '主播账号不存在，请主播先用该手机号登录一次' },
  liveStreamNotFound: { code: 65107, message: '直播画面不存在' },
  liveStreamPreparing: { code: 65108, message: '直播画面正在准备中，请稍候' },
  liveBadWindow: { code: 65109, message: '结束时间需晚于开始时间' },
} as const satisfies Catalogue;

/** Customer service (issue 23, docs/customer-service.md): 65300-65349. */
export const CS_CODES = {
  csNotAgent: { code: 65300, message: '您还不是客服人员，请联系管理员开通' },
  csConversationNotFound: { code: 65301, message: '会话不存在' },
  csNotAssigned: { code: 65302, message: '该会话不由您接待' },
  csConversationClosed: { code: 65303, message: '会话已结束，请重新发起咨询' },
  csAgentNotFound: { code: 65304, message: '客服不存在' },
  csAgentOffline: { code: 65305, message: '该客服当前不在线，请选择其他客服' },
  csAgentFull: { code: 65306, message: '该客服接待已满，请选择其他客服' },
  csTransferToSelf: { code: 65307, message: '不能转接给自己' },
  csUserUnknown: { code: 65308, message: '该手机号尚未登录过，请先用该手机号登录一次' },
  csQuickReplyLimit: { code: 65309, message: '快捷回复最多20条，请先删除不用的' },
  csQuickReplyNotFound: { code: 65310, message: '快捷回复不存在' },
  csImageNotFound: { code: 65311, message: '图片不存在或已过期，请重新选择' },
  csImageNotYours: { code: 65312, message: '只能发送您自己上传的图片' },
  csImageType: { code: 65313, message: '仅支持JPG、PNG、GIF、WebP格式的图片' },
  csImageTooLarge: { code: 65314, message: '图片不能超过10MB' },
} as const satisfies Catalogue;

export const CODES = {
  ...PRODUCT_CODES,
  ...CAMPAIGN_CODES,
  ...FORM_CODES,
  ...CONTENT_CODES,
  ...CHAT_CODES,
  ...POSTOFFICE_CODES,
  ...LIVE_CODES,
  ...CS_CODES,
} as const;

export type CodeName = keyof typeof CODES;

/** The code of a success. */
export const OK = 0;
