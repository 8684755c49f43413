// The one route table (spec/campaign-app.md section 2). Each route carries its title, body
// background and whether it needs login; `page` lazily loads its own chunk. A route without a
// page (its campaign has not landed) and a path not listed here fall to the not-found page.
import { DEFAULT_BACKGROUND, type RouteDef } from './types.ts';

export { DEFAULT_BACKGROUND, type RouteDef } from './types.ts';

type Entry = [path: string, title: string, options?: Omit<RouteDef, 'path' | 'title'>];

const LOGIN = { requireLogin: true } as const;
/** The download and jump pages: one page, its copy and offer from the `download` settings. */
const DOWNLOAD = { page: () => import('../pages/download/DownloadPage.tsx') };
/** Pages that are chat or customer service themselves: no floating 客服 button on them. */
const CHAT = { serviceEntry: false } as const;
/** The CMS pages: one page, which blocks it shows from the `cms` settings and the URL. */
const CMS = { page: () => import('../pages/cms/CmsPage.tsx') };

/** Routes under /activity. */
const activity: Entry[] = [
  // Station
  ['/station/index', '门店驿站', { page: () => import('../pages/station/StationPage.tsx') }],
  [
    '/station/shareIndex',
    '驿站分享',
    { page: () => import('../pages/station/ShareIndexPage.tsx') },
  ],
  ['/station/publicNo', '关注公众号', { page: () => import('../pages/station/PublicNoPage.tsx') }],
  // Bank card (all login)
  [
    '/bank/recharge',
    '储值卡充值',
    { ...LOGIN, page: () => import('../pages/bank/RechargePage.tsx') },
  ],
  [
    '/bank/recharge2',
    '储值卡充值',
    { ...LOGIN, page: () => import('../pages/bank/RechargePage.tsx') },
  ],
  ['/bank/pay', '收银台', { ...LOGIN, page: () => import('../pages/bank/PayPage.tsx') }],
  ['/bank/success', '交易结果', { ...LOGIN, page: () => import('../pages/bank/ResultPage.tsx') }],
  // Sign-in
  ['/sign/index', '每日签到', { page: () => import('../pages/sign/SignPage.tsx') }],
  ['/sign/award', '我的奖品', { ...LOGIN, page: () => import('../pages/sign/SignAwardPage.tsx') }],
  [
    '/sign/detail',
    '奖品详情',
    { ...LOGIN, page: () => import('../pages/sign/AwardDetailPage.tsx') },
  ],
  // Red packet rain
  ['/redPacketRain/oauth', '红包雨', { page: () => import('../pages/rain/RainOauthPage.tsx') }],
  ['/redPacketRain/index', '红包雨', { page: () => import('../pages/rain/RainPage.tsx') }],
  ['/redPacketRain/help', '我的助力', { page: () => import('../pages/rain/RainHelpPage.tsx') }],
  ['/redPacketRain/award', '我的奖品', { page: () => import('../pages/rain/RainAwardPage.tsx') }],
  ['/redPacketRain/helpU', '为好友助力', { page: () => import('../pages/rain/RainHelpUPage.tsx') }],
  // Outlet declaration
  ['/fullshop/shoptype', '门店申报', { page: () => import('../pages/fullshop/ShopTypePage.tsx') }],
  ['/fullshop/form', '门店申报', { page: () => import('../pages/fullshop/FormPage.tsx') }],
  ['/fullshop/list', '申报记录', { page: () => import('../pages/fullshop/ListPage.tsx') }],
  ['/fullshop/result', '申报详情', { page: () => import('../pages/fullshop/ResultPage.tsx') }],
  // Red packet fission
  [
    '/redPacketFission/oauth',
    '红包裂变',
    { page: () => import('../pages/fission/FissionOauthPage.tsx') },
  ],
  [
    '/redPacketFission/index',
    '红包裂变',
    { page: () => import('../pages/fission/FissionPage.tsx') },
  ],
  [
    '/redPacketFission/channel',
    '红包裂变',
    { page: () => import('../pages/fission/FissionChannelPage.tsx') },
  ],
  [
    '/redPacketFission/newFission',
    '新人红包',
    { page: () => import('../pages/fission/FissionNewPage.tsx') },
  ],
  // Game centre
  ['/game/index', '游戏中心', { page: () => import('../pages/game/GameCentrePage.tsx') }],
  // Cross-border
  [
    '/crossBorder/detail',
    '商品详情',
    { page: () => import('../pages/crossborder/DetailPage.tsx') },
  ],
  ['/crossBorder/index', '跨境馆', { page: () => import('../pages/crossborder/IndexPage.tsx') }],
  [
    '/crossBorder/categoryPage',
    '商品分类',
    { page: () => import('../pages/crossborder/CategoryPage.tsx') },
  ],
  ['/crossBorder/search', '搜索', { page: () => import('../pages/crossborder/SearchPage.tsx') }],
  // The same shop reached from WeChat links: its pages link within this prefix.
  [
    '/wechat_pass/crossborderDetail',
    '商品详情',
    { page: () => import('../pages/crossborder/WechatPassDetailPage.tsx') },
  ],
  [
    '/wechat_pass/crossborderIndex',
    '跨境馆',
    { page: () => import('../pages/crossborder/WechatPassIndexPage.tsx') },
  ],
  // Open-bag prize (all login)
  ['/openBagPrize/index', '开袋有奖', { ...LOGIN, page: () => import('../pages/bag/BagPage.tsx') }],
  [
    '/openBagPrize/list',
    '中奖记录',
    { ...LOGIN, page: () => import('../pages/bag/BagListPage.tsx') },
  ],
  [
    '/openBagPrize/userInfo',
    '填写领奖信息',
    { ...LOGIN, page: () => import('../pages/bag/BagUserInfoPage.tsx') },
  ],
  [
    '/openBagPrize/confirmOrder',
    '确认订单',
    { ...LOGIN, page: () => import('../pages/bag/BagConfirmPage.tsx') },
  ],
  // Group chat; the session list and the chat screen (docs/chat-pages.md)
  ['/im/index', '消息', { ...CHAT, page: () => import('../pages/im/ImIndexPage.tsx') }],
  ['/im/chat', '聊天', { ...CHAT, page: () => import('../pages/im/ChatPage.tsx') }],
  ['/im/join', '加入群聊', { ...CHAT, page: () => import('../pages/im/JoinPage.tsx') }],
  ['/im/joinOk', '加入成功', { ...CHAT, page: () => import('../pages/im/JoinOkPage.tsx') }],
  // Customer service (docs/customer-service.md): the shopper's conversation, the agents' desk
  [
    '/im/service',
    '在线客服',
    { ...CHAT, page: () => import('../pages/im/service/ServicePage.tsx') },
  ],
  [
    '/im/agent',
    '客服工作台',
    { ...CHAT, background: '#eef0f3', page: () => import('../pages/im/service/AgentPage.tsx') },
  ],
  // Free meal shake
  ['/free/index', '摇一摇免单', { page: () => import('../pages/free/FreePage.tsx') }],
  ['/free/award', '我的奖品', { page: () => import('../pages/free/FreeAwardPage.tsx') }],
  // Live
  ['/live/index', '直播', { page: () => import('../pages/live/LiveIndexPage.tsx') }],
  // The room is dark to the screen's edge: below a short page, in the overscroll and the home
  // indicator's strip on tall phones (the body shows there, not the page's box).
  [
    '/live/live',
    '直播间',
    {
      // Its chatroom is beside the player; the button would sit on the room's input.
      ...CHAT,
      background: '#1c1c1e',
      page: () => import('../pages/live/LivePage.tsx'),
    },
  ],
  ['/live/awardRecord', '中奖记录', { page: () => import('../pages/live/AwardRecordPage.tsx') }],
  // Small orange card
  ['/orangeCard/index', '小橙卡', { page: () => import('../pages/orangeCard/IndexPage.tsx') }],
  [
    '/orangeCard/orderSubmit',
    '提交订单',
    { page: () => import('../pages/orangeCard/OrderSubmitPage.tsx') },
  ],
  [
    '/orangeCard/payResult',
    '支付结果',
    { page: () => import('../pages/orangeCard/PayResultPage.tsx') },
  ],
  ['/orangeCard/give', '赠送好友', { page: () => import('../pages/orangeCard/GivePage.tsx') }],
  [
    '/orangeCard/buyRecord',
    '购买记录',
    { page: () => import('../pages/orangeCard/BuyRecordPage.tsx') },
  ],
  [
    '/orangeCard/receive',
    '领取小橙卡',
    { page: () => import('../pages/orangeCard/ReceivePage.tsx') },
  ],
  [
    '/orangeCard/chooseCity',
    '选择城市',
    { page: () => import('../pages/orangeCard/ChooseCityPage.tsx') },
  ],
  // Personal data collection
  [
    '/userDataCollection/index',
    '个人信息收集清单',
    { page: () => import('../pages/privacy/PrivacyListPage.tsx') },
  ],
  [
    '/userDataCollection/detail',
    '信息收集详情',
    { page: () => import('../pages/privacy/PrivacyDetailPage.tsx') },
  ],
  // Third-party mall entries: full page load to the mall
  ['/abc/index', '农行商城', { redirectTo: '/thirdmall/abc/index' }],
  ['/boc/index', '中行商城', { redirectTo: '/thirdmall/boc/index' }],
  // Love account
  ['/loveAccount/index', '爱心账户', { page: () => import('../pages/love/LoveIndexPage.tsx') }],
  ['/loveAccount/detail', '爱心项目', { page: () => import('../pages/love/LoveProjectPage.tsx') }],
  // Sign-up
  ['/apply/index', '活动报名', { page: () => import('../pages/apply/ApplyPage.tsx') }],
  // Raffle
  ['/raffle/index', '幸运抽奖', { page: () => import('../pages/raffle/RafflePage.tsx') }],
  [
    '/raffle/award',
    '我的奖品',
    { ...LOGIN, page: () => import('../pages/raffle/RaffleAwardPage.tsx') },
  ],
  // Password prize
  ['/password/index', '口令有奖', { page: () => import('../pages/password/PasswordPage.tsx') }],
  [
    '/password/award',
    '我的奖品',
    { ...LOGIN, page: () => import('../pages/password/PasswordAwardPage.tsx') },
  ],
  // Voice post office
  ['/postoffice/home', '声音邮局', { page: () => import('../pages/postoffice/HomePage.tsx') }],
  ['/postoffice/list', '我的明信片', { page: () => import('../pages/postoffice/ListPage.tsx') }],
  ['/postoffice/cover', '选择封面', { page: () => import('../pages/postoffice/CoverPage.tsx') }],
  ['/postoffice/make', '制作明信片', { page: () => import('../pages/postoffice/MakePage.tsx') }],
  [
    '/postoffice/opration',
    '录制声音',
    { page: () => import('../pages/postoffice/RecordPage.tsx') },
  ],
  [
    '/postoffice/detail/:id',
    '明信片',
    { page: () => import('../pages/postoffice/DetailPage.tsx') },
  ],
  [
    '/postoffice/template/:id',
    '明信片模板',
    { page: () => import('../pages/postoffice/TemplatePage.tsx') },
  ],
  // Other
  ['/giftStory/index', '礼品故事', { page: () => import('../pages/content/GiftStoryPage.tsx') }],
  ['/coupon/use', '优惠券', { page: () => import('../pages/coupon/CouponUsePage.tsx') }],
  ['/coupon/cloudUse', '优惠券', { page: () => import('../pages/coupon/CloudUsePage.tsx') }],
  ['/coupon/core', '领券中心', { page: () => import('../pages/coupon/CouponCorePage.tsx') }],
  ['/coupon/poster', '优惠券海报', { page: () => import('../pages/coupon/PosterPage.tsx') }],
  ['/topic/detail', '专题', { page: () => import('../pages/content/TopicPage.tsx') }],
  ['/vote/vote', '投票', { page: () => import('../pages/vote/VotePage.tsx') }],
  ['/sendCoupon/index', '领取优惠券', { page: () => import('../pages/coupon/SendCouponPage.tsx') }],
  ['/baike/baike', '零食百科', { page: () => import('../pages/content/BaikePage.tsx') }],
  ['/joinus/index', '加盟合作', { page: () => import('../pages/joinus/JoinusPage.tsx') }],
  ['/joinus/merchant', '商户入驻', { page: () => import('../pages/joinus/MerchantPage.tsx') }],
  ['/joinus/supplier', '供应商合作', { page: () => import('../pages/joinus/SupplierPage.tsx') }],
  ['/joinus/form', '填写申请', { page: () => import('../pages/joinus/JoinusFormPage.tsx') }],
  ['/joinus/success', '提交成功', { page: () => import('../pages/joinus/SuccessPage.tsx') }],
  ['/wine/index', '酒水专区', { page: () => import('../pages/wine/WinePage.tsx') }],
  [
    '/external/chinaNet',
    '中国电信专区',
    { page: () => import('../pages/content/ChinaNetPage.tsx') },
  ],
  ['/update/index', '版本更新', { page: () => import('../pages/update/UpdatePage.tsx') }],
  ['/download/outdoor', '下载App', DOWNLOAD],
  ['/download/activity', '下载App', DOWNLOAD],
  ['/download/H5JumpWechat', '打开微信', DOWNLOAD],
  ['/download/zfbDownload', '下载App', DOWNLOAD],
  [
    '/newuser/coupon',
    '新人专享券',
    { page: () => import('../pages/coupon/NewUserCouponPage.tsx') },
  ],
  [
    '/communityVideo/index',
    '社区视频',
    { page: () => import('../pages/video/CommunityVideoPage.tsx') },
  ],
  [
    '/communityVideo/middlePage',
    '社区视频',
    { page: () => import('../pages/video/MiddlePage.tsx') },
  ],
  [
    '/communityVideo/brandVideo',
    '品牌视频',
    { page: () => import('../pages/video/BrandVideoPage.tsx') },
  ],
  [
    '/communityVideo/brandPoster',
    '品牌海报',
    { page: () => import('../pages/video/BrandPosterPage.tsx') },
  ],
  ['/cmsPage/appCoupon', '领券', CMS],
  ['/cmsPage/index', '活动', CMS],
  ['/cmsPage/chooseCity', '选择城市', { page: () => import('../pages/cms/ChooseCityPage.tsx') }],
  ['/cmsPage/appCouponOnly', '领券', CMS],
  ['/nbcb/index', '宁波银行专区', { page: () => import('../pages/content/NbcbPage.tsx') }],
  ['/mutual/WeChatScheme', '打开微信小程序', DOWNLOAD],
  ['/mutual/h5ToWx', '打开微信小程序', DOWNLOAD],
  ['/singleStoreAndCode', '门店专属码', { page: () => import('../pages/station/StorePage.tsx') }],
];

function define([path, title, options]: Entry, prefix: string): RouteDef {
  return { path: `${prefix}${path}`, title, ...options };
}

export const routes: RouteDef[] = [
  {
    path: '/',
    title: '活动中心',
    share: {
      link: '/',
      title: '活动中心',
      description: '签到、抽奖、领券，好吃又好玩',
      imgUrl: '/favicon.svg',
    },
    page: () => import('../pages/home/HomePage.tsx'),
  },
  {
    path: '/my/login',
    serviceEntry: false,
    title: '登录',
    background: '#ffffff',
    page: () => import('../pages/login/LoginPage.tsx'),
  },
  // Not in the spec's list: the login page's consent links need pages to open (issue 28).
  {
    path: '/my/agreement',
    serviceEntry: false,
    title: '用户服务协议',
    background: '#ffffff',
    page: () => import('../pages/legal/AgreementPage.tsx'),
  },
  {
    path: '/my/privacy',
    serviceEntry: false,
    title: '隐私政策',
    background: '#ffffff',
    page: () => import('../pages/legal/PrivacyPage.tsx'),
  },
  // Not in the spec's list: the hub's one "我的奖品" across every campaign (issue 28). Like the
  // coupon pages it shows its own login prompt (requireLogin stays exactly as the spec marks it).
  {
    path: '/my/prizes',
    title: '我的奖品',
    page: () => import('../pages/home/MyPrizesPage.tsx'),
  },
  ...activity.map((entry) => define(entry, '/activity')),
];

export const notFoundRoute: RouteDef = {
  path: '*',
  title: '页面不存在',
  background: '#ffffff',
  page: () => import('../pages/not-found/NotFoundPage.tsx'),
};

/** Routes the router serves now: with a page or a redirect. The rest are unknown until then. */
export function servedRoutes(): RouteDef[] {
  return routes.filter((route) => route.page || route.redirectTo);
}

export function backgroundOf(route: RouteDef): string {
  return route.background ?? DEFAULT_BACKGROUND;
}
