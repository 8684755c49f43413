// What the orange card routes answer (@morsel/api routes/orange-card.ts).
import { maskMobile } from '../../../product/index.ts';
import { yuan } from '../money.ts';
import type { Order } from '../store/orders.ts';
import { maskCardNo } from '../views.ts';
import { orangeDetail } from './issue.ts';
import type { OrangeCard, OrangeGift } from './store.ts';

const nullableMs = (value: number | null) => (value === null ? null : Number(value));

export function cardView(card: OrangeCard, pending: OrangeGift | undefined) {
  return {
    id: Number(card.id),
    cardNo: maskCardNo(card.card_no),
    cityName: card.city_name,
    faceValue: Number(card.face_value),
    faceValueText: yuan(Number(card.face_value)),
    balance: Number(card.balance),
    balanceText: yuan(Number(card.balance)),
    state: card.state,
    source: card.source,
    createdAt: Number(card.created_at),
    gift:
      card.state === 'giving' && pending
        ? {
            token: pending.token,
            blessing: pending.blessing,
            expiresAt: Number(pending.expires_at),
          }
        : null,
  };
}

export function orangeOrderView(
  order: Order,
  cards: ReturnType<typeof cardView>[],
  givenCount: number,
  now: number,
) {
  const detail = orangeDetail(order);
  return {
    orderNo: order.order_no,
    subject: order.subject,
    state: order.state,
    method: order.method,
    city: { code: detail.cityCode, name: detail.cityName },
    face: { id: detail.faceId, amount: detail.faceValue, amountText: yuan(detail.faceValue) },
    quantity: detail.quantity,
    amount: Number(order.amount),
    amountText: yuan(Number(order.amount)),
    createdAt: Number(order.created_at),
    expiresAt: Number(order.expires_at),
    paidAt: nullableMs(order.paid_at),
    cards,
    givenCount,
    serverTime: now,
  };
}

export function givenGiftView(gift: OrangeGift, card: OrangeCard, receiverMobile: string | null) {
  return {
    cardNo: maskCardNo(card.card_no),
    faceValueText: yuan(Number(card.face_value)),
    cityName: card.city_name,
    blessing: gift.blessing,
    state: gift.state,
    receiver: receiverMobile === null ? null : maskMobile(receiverMobile),
    createdAt: Number(gift.created_at),
    expiresAt: Number(gift.expires_at),
    claimedAt: nullableMs(gift.claimed_at),
    returnedAt: nullableMs(gift.returned_at),
  };
}
