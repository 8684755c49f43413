// Row types of the commerce tables (migration 0030_commerce_orders). Amounts are fen, times epoch ms.
import type { Generated } from 'kysely';

export type OrderState = 'created' | 'paid' | 'fulfilled' | 'refunded' | 'closed';
export type PaymentMethodId = 'sandbox' | 'wechat' | 'alipay';

export interface CommerceOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  /** What is bought: `bank_topup`, `xborder`. */
  kind: string;
  subject: string;
  amount: number;
  state: OrderState;
  /** The method the last payment started with; null until the cashier. */
  method: PaymentMethodId | null;
  /** The bank channel the shopper came from (bank_channel cookie), when known. */
  channel: string | null;
  /** The provider's transaction id, once paid. */
  trade_no: string | null;
  /** JSON of what the order delivers (TopUpDetail for a top-up, XborderDetail for goods). */
  detail: string;
  created_at: number;
  /** A `created` order closes from here on. */
  expires_at: number;
  paid_at: number | null;
  fulfilled_at: number | null;
  refunded_at: number | null;
  closed_at: number | null;
  updated_at: number;
}

/** Every payment notify accepted; the unique (method, notify_id) finds a replay. */
export interface CommerceNotifyTable {
  id: Generated<number>;
  method: PaymentMethodId;
  notify_id: string;
  order_no: string;
  trade_no: string;
  amount: number;
  received_at: number;
}

/** `processing`: the provider accepted the refund and reports its end by notify (WeChat Pay). */
export type RefundState = 'pending' | 'processing' | 'succeeded' | 'failed';

/** At most one refund per order (full amount). */
export interface CommerceRefundTable {
  id: Generated<number>;
  order_id: number;
  refund_no: string;
  amount: number;
  reason: string;
  state: RefundState;
  attempts: Generated<number>;
  last_error: Generated<string>;
  next_attempt_at: number;
  created_at: number;
  done_at: number | null;
}

export interface PrepaidCardTable {
  user_id: number;
  card_no: string;
  balance: number;
  created_at: number;
  updated_at: number;
}

export interface PrepaidCardEntryTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  reason: string;
  /** `topup:<orderNo>`, `refund:<orderNo>`: a change applies once. */
  business_key: string;
  created_at: number;
}

/** Pieces of a cross-border product held by open and paid orders (migration 0036). */
export interface XborderStockTable {
  campaign_id: string;
  product_id: string;
  sold: Generated<number>;
  updated_at: number;
}

export interface CommerceTables {
  commerce_orders: CommerceOrderTable;
  commerce_notifies: CommerceNotifyTable;
  commerce_refunds: CommerceRefundTable;
  prepaid_cards: PrepaidCardTable;
  prepaid_card_entries: PrepaidCardEntryTable;
  xborder_stock: XborderStockTable;
}
