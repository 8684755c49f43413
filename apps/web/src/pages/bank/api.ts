// The bank card pages' view of the commerce API (@morsel/api routes/commerce.ts) and the bank
// channel: `?bank_channel=` on the landing URL, else the cookie the route guard kept across login.
import type { DataOf } from '../../request/api.ts';
import { getBankChannel, rememberBankChannel } from '../../session/session.ts';

export type BankCard = DataOf<'bank.card'>;
export type TopUpOption = BankCard['options'][number];
export type Order = DataOf<'orders.detail'>;
export type PaymentMethodId = BankCard['methods'][number]['id'];

const CHANNEL = /^[A-Za-z0-9_-]{1,32}$/;

/** The shopper's bank channel, or undefined; a channel on the URL is remembered for the next pages. */
export function bankChannel(search: string): string | undefined {
  const fromUrl = new URLSearchParams(search).get('bank_channel');
  if (fromUrl && CHANNEL.test(fromUrl)) {
    rememberBankChannel(fromUrl);
    return fromUrl;
  }
  const kept = getBankChannel();
  return CHANNEL.test(kept) ? kept : undefined;
}

/** States after which an order no longer changes by itself (the result page stops polling). */
export function isSettled(order: Pick<Order, 'state'>): boolean {
  return order.state !== 'created' && order.state !== 'paid';
}

export const METHOD_NAMES: Record<PaymentMethodId, string> = {
  sandbox: '模拟支付',
  wechat: '微信支付',
  alipay: '支付宝',
};

/** 09:05 left until `until`, from the server's time (the phone's clock may be wrong). */
export function countdown(until: number, serverNow: number): string {
  const seconds = Math.max(0, Math.ceil((until - serverNow) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
