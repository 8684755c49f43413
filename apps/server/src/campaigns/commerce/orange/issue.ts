// What an orange card order delivers and takes back, run by the order kernel inside the
// transaction that moves the order (orders.ts): the payment's paid → fulfilled issues the cards,
// numbered here; a refund voids them, and only when every card is still unspent with its buyer.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import type { Database } from '../../../store/index.ts';
import type { Order } from '../store/orders.ts';
import { insertCards, voidOrderCards } from './store.ts';

/** What a card order holds (commerce_orders.detail). */
export interface OrangeDetail {
  cityCode: string;
  cityName: string;
  faceId: string;
  faceValue: number;
  quantity: number;
}

export function orangeDetail(order: Order): OrangeDetail {
  return JSON.parse(order.detail) as OrangeDetail;
}

/**
 * 16 digits starting 6688. Random, so a number says nothing of the next; a clash with an existing
 * card fails the fulfilment's transaction and the job issues the order again with new numbers.
 */
const newCardNo = () => `6688${String(randomInt(1_000_000_000_000)).padStart(12, '0')}`;

export async function issueCards(trx: Kysely<Database>, order: Order, now: number): Promise<void> {
  const detail = orangeDetail(order);
  await insertCards(
    trx,
    Array.from({ length: detail.quantity }, (_, i) => ({
      card_no: newCardNo(),
      order_id: Number(order.id),
      seq: i + 1,
      city_code: detail.cityCode,
      city_name: detail.cityName,
      face_value: detail.faceValue,
      balance: detail.faceValue,
      owner_id: Number(order.user_id),
      state: 'active' as const,
      source: 'bought' as const,
      created_at: now,
      updated_at: now,
    })),
  );
}

/** Voids the order's cards for a refund; refused (63008) when any was given, gifted or spent. */
export async function voidCards(trx: Kysely<Database>, order: Order, now: number): Promise<void> {
  const { quantity } = orangeDetail(order);
  const voided = await voidOrderCards(trx, Number(order.id), Number(order.user_id), now);
  if (voided !== quantity) throw fail('orderNotRefundable', { status: 409 });
}
