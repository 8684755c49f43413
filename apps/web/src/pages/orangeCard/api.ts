// The orange card pages' view of the API (@morsel/api routes/orange-card.ts), the city a visitor
// chose (kept on the phone; a shopper's is kept by the server too), and the gift share content.
import type { DataOf } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import type { PageShare } from '../campaign-kit/share.ts';

export type OrangeHome = DataOf<'orangeCard.home'>;
export type OrangeFace = OrangeHome['faces'][number];
export type OrangeOrder = DataOf<'orangeCard.orderDetail'>;
export type OrangeCard = DataOf<'orangeCard.cards'>['cards'][number];
export type GivenGift = DataOf<'orangeCard.cards'>['given'][number];
export type Gift = DataOf<'orangeCard.gift'>;

const CITY_KEY = 'morsel.orangeCard.city';
const CITY = /^[a-z0-9-]{1,32}$/;
export const ORDER_NO = /^\d{20}$/;
export const GIFT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function rememberedCity(): string | undefined {
  try {
    const city = localStorage.getItem(CITY_KEY) ?? '';
    return CITY.test(city) ? city : undefined;
  } catch {
    return undefined;
  }
}

export function rememberCity(city: string): void {
  try {
    localStorage.setItem(CITY_KEY, city);
  } catch {
    // Storage refused: the server still remembers a shopper's city.
  }
}

/** The page's city: the link's, else the one remembered on this phone (the server's otherwise). */
export function cityOf(search: string): string | undefined {
  const fromUrl = new URLSearchParams(search).get('city');
  return fromUrl && CITY.test(fromUrl) ? fromUrl : rememberedCity();
}

export const ORDER_STATE_TEXT: Record<OrangeOrder['state'], string> = {
  created: '待支付',
  paid: '支付确认中',
  fulfilled: '已完成',
  refunded: '已退款',
  closed: '已关闭',
};

export const GIFT_STATE_TEXT: Record<GivenGift['state'], string> = {
  pending: '等待领取',
  claimed: '已被领取',
  returned: '已过期退回',
};

/** What a gift's link shares: the gift, never the giver's order pages. */
export function giftShare(token: string, blessing: string, cardName: string): PageShare {
  return {
    path: paths.orangeReceive(token),
    title: `好友送你一张${cardName}`,
    description: blessing,
    image: '/api/campaign/assets/gift.png',
  };
}
