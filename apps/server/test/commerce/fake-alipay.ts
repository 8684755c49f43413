// A stand-in for the Alipay open platform gateway that checks requests the way Alipay does, with
// its own code: RSA2 (SHA256withRSA) over the parameters sorted by name, empty ones and `sign`
// left out, verified with the application's public key. The wap pay page (GET) records the
// order; alipay.trade.refund (POST) answers like the gateway, the response object signed with
// Alipay's key; and it builds async notifies as Alipay sends them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

export interface FakeAlipayOptions {
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
}

const content = (params: Record<string, string>, skip: string[]) =>
  Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export class FakeAlipay {
  /** Accepted wap pay requests: their parameters and parsed biz_content. */
  readonly payments: { params: Record<string, string>; biz: Record<string, string> }[] = [];
  readonly refunds: Record<string, string>[] = [];
  /** Trades closed with alipay.trade.close (the out_trade_no). */
  readonly closed: string[] = [];
  /** Orders whose payment page was opened: the only trades alipay.trade.close finds. */
  readonly opened = new Set<string>();
  readonly refused: string[] = [];
  private server!: http.Server;
  url = '';

  constructor(private readonly options: FakeAlipayOptions) {}

  sign(text: string, key: KeyObject = this.options.alipayPrivateKey): string {
    return createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
  }

  /** An async notify's form fields, signed over every field but sign and sign_type. */
  notifyFields(
    trade: { orderNo: string; totalAmount: string; status?: string; notifyId?: string },
    key?: KeyObject,
  ): Record<string, string> {
    const fields: Record<string, string> = {
      notify_time: '2026-01-15 12:01:00',
      notify_type: 'trade_status_sync',
      notify_id: trade.notifyId ?? randomBytes(16).toString('hex'),
      app_id: this.options.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2026011522001${randomBytes(6).toString('hex')}`,
      out_trade_no: trade.orderNo,
      trade_status: trade.status ?? 'TRADE_SUCCESS',
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      subject: '零食储值卡充值',
      gmt_payment: '2026-01-15 12:01:00',
    };
    return { ...fields, sign_type: 'RSA2', sign: this.sign(content(fields, []), key) };
  }

  private verified(params: Record<string, string>): boolean {
    if (params.app_id !== this.options.appId || params.sign_type !== 'RSA2') {
      this.refused.push('app_id or sign_type');
      return false;
    }
    const ok = createVerify('RSA-SHA256')
      .update(content(params, ['sign']), 'utf8')
      .verify(this.options.appPublicKey, params.sign ?? '', 'base64');
    if (!ok) this.refused.push('sign');
    return ok;
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url!, 'http://gateway');
        const params = Object.fromEntries(
          request.method === 'GET'
            ? url.searchParams
            : new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        );
        if (params.method === 'alipay.trade.wap.pay') {
          if (!this.verified(params)) {
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return response.end('<p>错误代码 invalid-signature 错误原因: 验签出错</p>');
          }
          const biz = JSON.parse(params.biz_content!) as Record<string, string>;
          this.payments.push({ params, biz });
          this.opened.add(biz.out_trade_no!);
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return response.end('<title>支付宝收银台</title>');
        }
        if (params.method === 'alipay.trade.refund') {
          const body = this.verified(params)
            ? (() => {
                const biz = JSON.parse(params.biz_content!) as Record<string, string>;
                this.refunds.push(biz);
                return {
                  code: '10000',
                  msg: 'Success',
                  trade_no: '2026011522001',
                  out_trade_no: biz.out_trade_no,
                  buyer_logon_id: '159****5620',
                  fund_change: 'Y',
                  refund_fee: biz.refund_amount,
                };
              })()
            : {
                code: '40002',
                msg: 'Invalid Arguments',
                sub_code: 'isv.invalid-signature',
                sub_msg: '验签出错',
              };
          const object = JSON.stringify(body);
          response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
          return response.end(
            `{"alipay_trade_refund_response":${object},"sign":"${this.sign(object)}"}`,
          );
        }
        if (params.method === 'alipay.trade.close') {
          const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
          const body = !this.verified(params)
            ? {
                code: '40002',
                msg: 'Invalid Arguments',
                sub_code: 'isv.invalid-signature',
                sub_msg: '验签出错',
              }
            : this.opened.has(biz.out_trade_no ?? '')
              ? (this.closed.push(biz.out_trade_no!),
                { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no })
              : {
                  code: '40004',
                  msg: 'Business Failed',
                  sub_code: 'ACQ.TRADE_NOT_EXIST',
                  sub_msg: '交易不存在',
                };
          const object = JSON.stringify(body);
          response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
          return response.end(
            `{"alipay_trade_close_response":${object},"sign":"${this.sign(object)}"}`,
          );
        }
        response.writeHead(404);
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
