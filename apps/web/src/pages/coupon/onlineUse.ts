// What using a coupon on an order of a typed amount would do, before the shopper confirms: the
// server's own rule (coupon.use: the discount is the coupon's value, at most the order; an order
// under the threshold is refused), so the page never sends an order the server will refuse.
import { fenFromYuan } from '../campaign-kit/format.ts';

export type OnlinePreview =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'below'; order: number; shortfall: number }
  | { kind: 'ok'; order: number; discount: number; payable: number };

/** The largest order the route takes (fen): 1,000,000 yuan. */
export const MAX_ORDER_FEN = 100_000_000;

export function previewOnlineUse(
  coupon: { value: number; threshold: number },
  typed: string,
): OnlinePreview {
  if (typed.trim() === '') return { kind: 'empty' };
  const order = fenFromYuan(typed);
  if (!Number.isFinite(order) || order < 1 || order > MAX_ORDER_FEN) return { kind: 'invalid' };
  if (order < coupon.threshold)
    return { kind: 'below', order, shortfall: coupon.threshold - order };
  const discount = Math.min(coupon.value, order);
  return { kind: 'ok', order, discount, payable: order - discount };
}
