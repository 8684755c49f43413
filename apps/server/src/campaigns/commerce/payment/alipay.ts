// Alipay open platform (https://opendocs.alipay.com/open/): mobile web pay
// (alipay.trade.wap.pay), refunds (alipay.trade.refund) and the asynchronous notify. Every
// request is signed RSA2 (SHA256withRSA over the sorted `key=value&…` of its parameters) with
// our application key; notifies and answers are verified with Alipay's public key.
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { fenOf, yuan } from '../money.ts';
import { alipayTime } from './china-time.ts';
import {
  NotifyRejected,
  ProviderError,
  type PaymentNotice,
  type PaymentProvider,
} from './provider.ts';

export interface AlipayOptions {
  appId: string;
  /** Our application private key (its public half is uploaded to Alipay). */
  appPrivateKey: KeyObject;
  /** Alipay's public key. */
  alipayPublicKey: KeyObject;
  /** https://openapi.alipay.com/gateway.do */
  gateway: string;
  notifyUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
}

/** The text Alipay signs: parameters sorted by name, empty values and `skip` left out. */
export function signContent(
  params: Record<string, unknown>,
  skip: readonly string[] = ['sign'],
): string {
  return Object.keys(params)
    .filter((key) => !skip.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join('&');
}

export function rsa2Sign(key: KeyObject, content: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(key: KeyObject, content: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

interface GatewayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
}

export function alipayProvider(options: AlipayOptions): PaymentProvider {
  /** The public parameters and biz_content of one API call, signed. */
  function signedParams(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(options.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    return { ...params, sign: rsa2Sign(options.appPrivateKey, signContent(params)) };
  }

  /** One gateway call; the answer's signature covers the exact text of its response object. */
  async function call(method: string, bizContent: Record<string, unknown>): Promise<GatewayAnswer> {
    const params = signedParams(method, bizContent);
    let text: string;
    try {
      const response = await options.fetch(options.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
      if (!response.ok) throw new ProviderError(`Alipay gateway ${response.status}`);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(`Alipay unreachable: ${(error as Error).message}`);
    }
    const key = `"${method.replaceAll('.', '_')}_response":`;
    const start = text.indexOf(key);
    const end = text.lastIndexOf(',"sign"');
    if (start < 0 || end < start) throw new ProviderError('Alipay answer not understood');
    const content = text.slice(start + key.length, end);
    const signature = (JSON.parse(text) as { sign?: string }).sign ?? '';
    if (!rsa2Verify(options.alipayPublicKey, content, signature))
      throw new ProviderError('Alipay answer signature does not verify');
    return JSON.parse(content) as GatewayAnswer;
  }

  return {
    method: 'alipay',
    title: '支付宝',
    async start(order, start) {
      const params = signedParams(
        'alipay.trade.wap.pay',
        {
          out_trade_no: order.orderNo,
          total_amount: yuan(order.amount),
          subject: order.subject.slice(0, 256),
          product_code: 'QUICK_WAP_WAY',
          time_expire: alipayTime(order.expiresAt),
          quit_url: start.returnUrl,
        },
        { notify_url: options.notifyUrl, return_url: start.returnUrl },
      );
      // Mobile web pay is a page of Alipay's: the browser goes to the gateway with the signed query.
      const url = new URL(options.gateway);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return { kind: 'redirect', url: url.toString() };
    },

    async verifyNotify(request): Promise<PaymentNotice> {
      const fields = Object.fromEntries(
        Object.entries(request.fields).map(([key, value]) => [key, String(value)]),
      );
      if (fields.sign_type !== undefined && fields.sign_type !== 'RSA2')
        throw new NotifyRejected(`sign_type ${fields.sign_type}`);
      // Async notifies are signed over every parameter but sign and sign_type.
      const content = signContent(fields, ['sign', 'sign_type']);
      if (!rsa2Verify(options.alipayPublicKey, content, fields.sign ?? ''))
        throw new NotifyRejected('signature does not verify with the Alipay public key');
      if (fields.app_id !== options.appId) throw new NotifyRejected('notify for another app');
      const amount = fenOf(fields.total_amount ?? '');
      if (amount === undefined || !fields.out_trade_no || !fields.trade_no)
        throw new NotifyRejected('trade fields missing');
      return {
        orderNo: fields.out_trade_no,
        tradeNo: fields.trade_no,
        amount,
        notifyId: fields.notify_id!,
        paid: PAID.has(fields.trade_status ?? ''),
      };
    },

    async refund(refund) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: refund.orderNo,
        out_request_no: refund.refundNo,
        refund_amount: yuan(refund.amount),
        refund_reason: refund.reason,
      });
      if (answer.code !== '10000')
        throw new ProviderError(
          `Alipay refund ${String(answer.code)} ${answer.sub_msg ?? answer.msg ?? ''}`,
        );
      // alipay.trade.refund answers once the money has moved (fund_change).
      return 'done';
    },

    async close(orderNo) {
      const answer = await call('alipay.trade.close', { out_trade_no: orderNo });
      // ACQ.TRADE_NOT_EXIST: the shopper never opened the payment, so there is nothing to close.
      if (answer.code !== '10000' && answer.sub_code !== 'ACQ.TRADE_NOT_EXIST')
        throw new ProviderError(
          `Alipay close ${String(answer.code)} ${answer.sub_msg ?? answer.msg ?? ''}`,
        );
    },
  };
}
