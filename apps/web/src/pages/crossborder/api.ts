// The cross-border pages' view of the shop API (@morsel/api routes/xborder.ts) and of paying an
// order: the sandbox cashier in development, WeChat Pay JSAPI inside WeChat (the page hands the
// server's signed parameters to WeixinJSBridge), H5 pay or Alipay elsewhere (their own page,
// which comes back to the product with `?orderNo=`).
import type { DataOf } from '../../request/api.ts';

export type Home = DataOf<'xborder.home'>;
export type ProductCard = Home['products'][number];
export type Category = Home['categories'][number];
export type ProductDetail = DataOf<'xborder.product'>['product'];
export type PaymentMethodId = Home['methods'][number]['id'];
export type Order = DataOf<'orders.detail'>;
export { payInWechat, type JsapiParams, type WechatPayOutcome } from '../../wechat/pay.ts';

export const PRODUCT_ID = /^[a-z0-9-]{1,32}$/;
export const ORDER_NO = /^\d{20}$/;

export const METHOD_NAMES: Record<PaymentMethodId, string> = {
  sandbox: '模拟支付',
  wechat: '微信支付',
  alipay: '支付宝',
};

/** Tax on a line, rounded half up to the fen: the server's rule (catalogue.ts), to show the total. */
export function lineTotal(product: Pick<ProductDetail, 'price' | 'taxRate'>, quantity: number) {
  const goods = product.price * quantity;
  const tax = Math.floor((goods * product.taxRate + 5000) / 10_000);
  return { goods, tax, total: goods + tax };
}

/** 12345 → '123.45'. */
export function yuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** States after which an order no longer changes by itself (the page stops polling). */
export function isSettled(order: Pick<Order, 'state'>): boolean {
  return order.state !== 'created' && order.state !== 'paid';
}
