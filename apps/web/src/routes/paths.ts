// Typed builders for the paths pages link to, beside the route table: a page asks for
// `paths.raffle({ shareCode })` instead of writing '/activity/raffle/index?shareCode=…', so a
// renamed route or parameter is a type error, and a unit test proves every builder lands on a
// route the router serves.
import { LOGIN_PATH } from '../config/product.ts';

/** A campaign with a "my prizes" list (docs/campaigns.md: shared routes). */
export type PrizeCampaign = 'sign' | 'raffle' | 'password' | 'free' | 'bag';

/** The folder of a campaign's pages where it is not the campaign's id (ids are lower case). */
const PAGE_FOLDER: Partial<Record<PrizeCampaign, string>> = { bag: 'openBagPrize' };

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

  sign: () => '/activity/sign/index',
  raffle: (query: { shareCode?: string | null } = {}) => withQuery('/activity/raffle/index', query),
  password: () => '/activity/password/index',
  vote: () => '/activity/vote/vote',
  free: () => '/activity/free/index',
  bag: (query: { code?: string | null } = {}) => withQuery('/activity/openBagPrize/index', query),
  bagList: () => '/activity/openBagPrize/list',
  bagUserInfo: (id: number | string) => withQuery('/activity/openBagPrize/userInfo', { id }),
  bagOrder: (id: number | string) => withQuery('/activity/openBagPrize/confirmOrder', { id }),
  /** A campaign's index page. */
  campaign: (campaign: PrizeCampaign) => `/activity/${PAGE_FOLDER[campaign] ?? campaign}/index`,
  /** A campaign's "my prizes" list. */
  awards: (campaign: PrizeCampaign) =>
    campaign === 'bag' ? '/activity/openBagPrize/list' : `/activity/${campaign}/award`,
  /** One prize of any campaign: the sign-in detail route serves them all. */
  awardDetail: (award: { campaignId: string; id: number | string }) =>
    withQuery('/activity/sign/detail', { campaign: award.campaignId, id: award.id }),

  couponCentre: () => '/activity/coupon/core',
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
} as const;

/** Where a coupon is used: its online page when it is online-only, else its store code. */
export function couponUsePath(coupon: { id: number | string; channels: readonly string[] }) {
  return coupon.channels.length === 1 && coupon.channels[0] === 'online'
    ? paths.couponOnline(coupon.id)
    : paths.coupons({ id: coupon.id });
}
