// Typed builders for the paths pages link to, beside the route table: a page asks for
// `paths.raffle({ shareCode })` instead of writing '/activity/raffle/index?shareCode=…', so a
// renamed route or parameter is a type error, and a unit test proves every builder lands on a
// route the router serves.
import { LOGIN_PATH } from '../config/product.ts';

/** A campaign with a "my prizes" list (docs/campaigns.md: shared routes). */
export type PrizeCampaign =
  'sign' | 'raffle' | 'password' | 'free' | 'bag' | 'rain' | 'fission' | 'live';

/** The folder of a campaign's pages where it is not the campaign's id (ids are lower case). */
const PAGE_FOLDER: Partial<Record<PrizeCampaign, string>> = {
  bag: 'openBagPrize',
  rain: 'redPacketRain',
  fission: 'redPacketFission',
};

/** Which instance of a kind a page serves (decision 0037); absent: the kind's current one. */
type Which = { campaign?: string | null };

/** The two ways of joining (docs/forms.md). */
export type JoinusTrack = 'merchant' | 'supplier';

function withQuery(
  path: string,
  query: Record<string, string | number | undefined | null>,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: () => '/',
  login: (loginFrom?: string) => withQuery(LOGIN_PATH, { loginFrom }),
  agreement: () => '/my/agreement',
  privacy: () => '/my/privacy',
  /** "我的奖品" of every campaign (the hub's). */
  myPrizes: () => '/my/prizes',

  /** `campaign` picks one campaign of its kind on this and every page below (decision 0037). */
  sign: (query: Which = {}) => withQuery('/activity/sign/index', query),
  /** `campaign` picks one raffle of several (decision 0037); absent: the current one. */
  raffle: (query: { shareCode?: string | null; campaign?: string | null } = {}) =>
    withQuery('/activity/raffle/index', query),
  /** `campaign` picks one password campaign of several (decision 0037). */
  password: (query: { campaign?: string | null } = {}) =>
    withQuery('/activity/password/index', query),
  vote: (query: Which = {}) => withQuery('/activity/vote/vote', query),
  free: (query: Which = {}) => withQuery('/activity/free/index', query),
  bag: (query: Which & { code?: string | null } = {}) =>
    withQuery('/activity/openBagPrize/index', query),
  bagList: (query: Which = {}) => withQuery('/activity/openBagPrize/list', query),
  bagUserInfo: (id: number | string, query: Which = {}) =>
    withQuery('/activity/openBagPrize/userInfo', { id, ...query }),
  bagOrder: (id: number | string, query: Which = {}) =>
    withQuery('/activity/openBagPrize/confirmOrder', { id, ...query }),
  rain: (query: Which = {}) => withQuery('/activity/redPacketRain/index', query),
  /** The oauth page: obtains the shopper's WeChat, then opens the rain. */
  rainOauth: (query: Which = {}) => withQuery('/activity/redPacketRain/oauth', query),
  /** A friend's assist link. */
  rainHelpU: (shareCode: string, query: Which = {}) =>
    withQuery('/activity/redPacketRain/helpU', { shareCode, ...query }),
  rainHelp: (query: Which = {}) => withQuery('/activity/redPacketRain/help', query),
  /** Red-packet fission: my packet, or a friend's with `packet` (the share link). */
  fission: (query: Which & { packet?: string | null; channel?: string | null } = {}) =>
    withQuery('/activity/redPacketFission/index', query),
  /** The new shoppers' packet. */
  fissionNew: (query: Which & { channel?: string | null } = {}) =>
    withQuery('/activity/redPacketFission/newFission', query),
  /** Obtains the shopper's WeChat (docs/wechat.md), then goes on to `returnTo`. */
  fissionOauth: (returnTo: string) => withQuery('/activity/redPacketFission/oauth', { returnTo }),
  /** The entry of a channel (poster, store, partner): remembers it, then opens the packet page. */
  fissionChannel: (channel: string) => withQuery('/activity/redPacketFission/channel', { channel }),
  gameCentre: () => '/activity/game/index',
  /** A campaign's index page; `id` names one instance of the kind (decision 0037). */
  campaign: (campaign: PrizeCampaign, id?: string | null) =>
    withQuery(`/activity/${PAGE_FOLDER[campaign] ?? campaign}/index`, {
      campaign: id === campaign ? null : id,
    }),
  /** A campaign's "my prizes" list (fission has none of its own: the hub's lists its shares). */
  awards: (campaign: PrizeCampaign, id?: string | null) =>
    campaign === 'fission'
      ? '/my/prizes'
      : campaign === 'live'
        ? '/activity/live/awardRecord'
        : withQuery(
            campaign === 'bag'
              ? '/activity/openBagPrize/list'
              : `/activity/${PAGE_FOLDER[campaign] ?? campaign}/award`,
            { campaign: id === campaign ? null : id },
          ),
  /** One prize of any campaign: the sign-in detail route serves them all. */
  awardDetail: (award: { campaignId: string; id: number | string }) =>
    withQuery('/activity/sign/detail', { campaign: award.campaignId, id: award.id }),

  /** `campaign` picks one coupon centre of several (decision 0037). */
  couponCentre: (query: Which = {}) => withQuery('/activity/coupon/core', query),
  /** "我的优惠券", or one coupon's store code with `id`. */
  coupons: (query: { id?: number | string | null } = {}) =>
    withQuery('/activity/coupon/use', query),
  couponOnline: (id: number | string) => withQuery('/activity/coupon/cloudUse', { id }),
  couponPoster: () => '/activity/coupon/poster',
  newUserPack: () => '/activity/newuser/coupon',
  couponGift: (shareCode: string) => withQuery('/activity/sendCoupon/index', { shareCode }),

  bankRecharge: () => '/activity/bank/recharge',
  /** The cashier of an order. */
  bankPay: (orderNo: string) => withQuery('/activity/bank/pay', { orderNo }),
  /** The transaction result of an order. */
  bankResult: (orderNo: string) => withQuery('/activity/bank/success', { orderNo }),
  /** The cross-border shop (docs/crossborder.md); `wechatPass` is its entry for WeChat links. */
  crossBorder: (wechatPass = false) =>
    wechatPass ? '/activity/wechat_pass/crossborderIndex' : '/activity/crossBorder/index',
  crossBorderCategory: (category?: string) =>
    withQuery('/activity/crossBorder/categoryPage', { category }),
  crossBorderSearch: (q?: string) => withQuery('/activity/crossBorder/search', { q }),
  /** A product; with `orderNo`, the page shows that order's outcome (back from a payment). */
  crossBorderDetail: (id: string, query: { orderNo?: string; wechatPass?: boolean } = {}) =>
    withQuery(
      query.wechatPass ? '/activity/wechat_pass/crossborderDetail' : '/activity/crossBorder/detail',
      { id, orderNo: query.orderNo },
    ),
  /** The orange gift card (docs/orange-card.md); `city` overrides the remembered one. */
  orangeCard: (query: { city?: string | null } = {}) =>
    withQuery('/activity/orangeCard/index', query),
  orangeChooseCity: () => '/activity/orangeCard/chooseCity',
  /** Confirm and pay: a new order of cards, or an existing open order (`orderNo`). */
  orangeOrderSubmit: (
    query: { city: string; faceId: string; quantity: number } | { orderNo: string },
  ) => withQuery('/activity/orangeCard/orderSubmit', query),
  orangePayResult: (orderNo: string) => withQuery('/activity/orangeCard/payResult', { orderNo }),
  orangeGive: (cardId?: number | null) => withQuery('/activity/orangeCard/give', { cardId }),
  orangeBuyRecord: () => '/activity/orangeCard/buyRecord',
  /** A gift's share link: the one-claim token. */
  orangeReceive: (token: string) => withQuery('/activity/orangeCard/receive', { token }),
  /** A download or jump page (docs/wechat.md). */
  download: (page: 'outdoor' | 'activity' | 'H5JumpWechat' | 'zfbDownload') =>
    `/activity/download/${page}`,
  miniProgramJump: (page: 'WeChatScheme' | 'h5ToWx') => `/activity/mutual/${page}`,
  fullshopTypes: () => '/activity/fullshop/shoptype',
  /** The declaration form: for a shop type, or filled from an earlier declaration (`from`). */
  fullshopForm: (query: { type?: string | null; from?: number | string | null } = {}) =>
    withQuery('/activity/fullshop/form', query),
  fullshopList: () => '/activity/fullshop/list',
  fullshopResult: (id: number | string) => withQuery('/activity/fullshop/result', { id }),

  joinus: () => '/activity/joinus/index',
  /** A join-us track's page: franchise (merchant) or supply (supplier). */
  joinusTrack: (track: JoinusTrack) => `/activity/joinus/${track}`,
  joinusForm: (track: JoinusTrack) => withQuery('/activity/joinus/form', { track }),
  joinusSuccess: (track: JoinusTrack) => withQuery('/activity/joinus/success', { track }),
  apply: () => '/activity/apply/index',
  privacyList: () => '/activity/userDataCollection/index',
  privacyDetail: (key: string) => withQuery('/activity/userDataCollection/detail', { key }),

  /** A CMS page (docs/cms-and-stations.md): `id` of the `cms` settings, `city` a city code. */
  cmsPage: (query: CmsQuery = {}) => withQuery('/activity/cmsPage/index', query),
  cmsAppCoupon: (query: CmsQuery = {}) => withQuery('/activity/cmsPage/appCoupon', query),
  cmsAppCouponOnly: (query: CmsQuery = {}) => withQuery('/activity/cmsPage/appCouponOnly', query),
  /** The city picker; choosing returns to `returnTo` (a CMS page) with the city set. */
  cmsChooseCity: (query: { returnTo?: string | null; city?: string | null } = {}) =>
    withQuery('/activity/cmsPage/chooseCity', query),
  stations: () => '/activity/station/index',
  stationShare: () => '/activity/station/shareIndex',
  stationFollow: () => '/activity/station/publicNo',
  /** One store with its exclusive code. */
  store: (id: string) => withQuery('/activity/singleStoreAndCode', { id }),
  /** The community videos; with `id`, that video plays first (docs/content-pages.md). */
  communityVideos: (query: { id?: string | null } = {}) =>
    withQuery('/activity/communityVideo/index', query),
  /** The landing page of one shared video. */
  communityVideo: (id: string) => withQuery('/activity/communityVideo/middlePage', { id }),
  brandVideo: () => '/activity/communityVideo/brandVideo',
  brandPoster: () => '/activity/communityVideo/brandPoster',
  wine: () => '/activity/wine/index',
  appUpdate: () => '/activity/update/index',
  /** The love account: the projects, or my donations with `tab: 'mine'` (docs/content.md). */
  loveAccount: (query: { tab?: 'mine' | null } = {}) =>
    withQuery('/activity/loveAccount/index', query),
  loveProject: (key: string) => withQuery('/activity/loveAccount/detail', { id: key }),
  /** Chat (docs/chat-pages.md): the session list, and one conversation. */
  imSessions: () => '/activity/im/index',
  /** Customer service (docs/customer-service.md): the shopper's conversation, the agents' workspace. */
  imService: () => '/activity/im/service',
  imAgent: () => '/activity/im/agent',
  imChat: (query: { to: string; scene: 'p2p' | 'team' }) => withQuery('/activity/im/chat', query),
  /** Joining a group chat by invite link, and its success page. */
  imJoin: (query: { team: string; token: string }) => withQuery('/activity/im/join', query),
  imJoinOk: (query: { team: string; name?: string }) => withQuery('/activity/im/joinOk', query),
  /** The live room (docs/live-pages.md): the sessions, one session, my live awards. */
  liveSessions: () => '/activity/live/index',
  liveRoom: (id: number | string) => withQuery('/activity/live/live', { id }),
  liveAwards: () => '/activity/live/awardRecord',
  giftStory: () => '/activity/giftStory/index',
  /** A topic by its content page id; the featured one without. */
  topic: (id?: string | null) => withQuery('/activity/topic/detail', { id }),
  baike: () => '/activity/baike/baike',
  chinaNet: () => '/activity/external/chinaNet',
  nbcb: () => '/activity/nbcb/index',
  /** The voice post office (docs/postoffice.md): home, one template, its covers, recording,
   * writing the card, one card by its link, and my cards. */
  postoffice: () => '/activity/postoffice/home',
  postofficeTemplate: (key: string) => `/activity/postoffice/template/${encodeURIComponent(key)}`,
  postofficeCover: (template: string) => withQuery('/activity/postoffice/cover', { template }),
  postofficeRecord: () => '/activity/postoffice/opration',
  postofficeMake: () => '/activity/postoffice/make',
  postofficeCard: (code: string) => `/activity/postoffice/detail/${encodeURIComponent(code)}`,
  postofficeList: () => '/activity/postoffice/list',
} as const;

/** The query of a CMS page. */
export type CmsQuery = { id?: string | null; city?: string | null };

/** Where a coupon is used: its online page when it is online-only, else its store code. */
export function couponUsePath(coupon: { id: number | string; channels: readonly string[] }) {
  return coupon.channels.length === 1 && coupon.channels[0] === 'online'
    ? paths.couponOnline(coupon.id)
    : paths.coupons({ id: coupon.id });
}
