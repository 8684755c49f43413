// What the order kernel asks of a payment provider. Each provider speaks its own real protocol
// (sandbox.ts, wechat-pay.ts, alipay.ts); the kernel only sees these shapes.
import type { PaymentMethodId } from '../store/tables.ts';

export interface PayableOrder {
  orderNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  expiresAt: number;
}

export interface StartOptions {
  /** WeChat: jsapi inside WeChat, h5 elsewhere; Alipay: wap. */
  scene: 'jsapi' | 'h5' | 'wap';
  openid?: string;
  clientIp: string;
  /** Where the provider's page sends the shopper back (the result page). */
  returnUrl: string;
  now: number;
}

export interface SandboxNotify {
  orderNo: string;
  tradeNo: string;
  amount: number;
  notifyId: string;
  paidAt: number;
  sign: string;
}

export type PaymentStart =
  | { kind: 'sandbox'; notify: SandboxNotify }
  | { kind: 'redirect'; url: string }
  | {
      kind: 'jsapi';
      params: {
        appId: string;
        timeStamp: string;
        nonceStr: string;
        package: string;
        signType: string;
        paySign: string;
      };
    };

/** A notify as it arrived: the bytes the signature covers, its headers and its parsed fields. */
export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  fields: Record<string, unknown>;
}

/** What a verified notify says. */
export interface PaymentNotice {
  orderNo: string;
  tradeNo: string;
  /** Fen the shopper paid. */
  amount: number;
  /** The provider's id of this notify (a replay carries the same). */
  notifyId: string;
  /** False for a notify of a failed or pending payment (recorded, changes nothing). */
  paid: boolean;
}

export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  /** Fen to refund and the order's total. */
  amount: number;
  total: number;
  reason: string;
}

/** What a verified refund notify says (WeChat Pay REFUND.*). */
export interface RefundNotice {
  orderNo: string;
  refundNo: string;
  /** The provider's refund id. */
  refundId: string;
  /** Fen refunded. */
  amount: number;
  notifyId: string;
  /** SUCCESS: the money is back with the payer; ABNORMAL / CLOSED: it is not. */
  status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
}

/** A notify whose signature, time or fields do not hold: refused, nothing changes. */
export class NotifyRejected extends Error {
  override name = 'NotifyRejected';
}

/** The provider refused or could not be reached; the message is for the operator's log. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

export interface PaymentProvider {
  readonly method: PaymentMethodId;
  /** Shown at the cashier. */
  readonly title: string;
  /** WeChat Pay: the app the payer's openid must belong to (JSAPI). */
  readonly appId?: string;
  start(order: PayableOrder, options: StartOptions): Promise<PaymentStart>;
  /** Verifies a notify; throws NotifyRejected when it is forged, stale or not ours. */
  verifyNotify(request: NotifyRequest, now: number): Promise<PaymentNotice>;
  /**
   * Asks for a refund: `done` when the money went back, `processing` when the provider accepted
   * it and reports the end by notify; throws ProviderError when it refused or was not reached.
   */
  refund(request: RefundRequest): Promise<'done' | 'processing'>;
  /**
   * Closes an unpaid order at the provider after our time-out, so the shopper cannot pay it
   * there any more; throws ProviderError when the provider refused (a late payment is then
   * refunded automatically).
   */
  close(orderNo: string): Promise<void>;
  /** Verifies a refund notify; only providers that send them (WeChat Pay). */
  verifyRefundNotify?(request: NotifyRequest, now: number): Promise<RefundNotice>;
}
