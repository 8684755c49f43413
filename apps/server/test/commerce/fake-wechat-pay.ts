// A stand-in for WeChat Pay API v3 that checks requests the way the service does, with its own
// code (not the server's): the Authorization header's WECHATPAY2-SHA256-RSA2048 signature over
// method, path, timestamp, nonce and body, verified with the merchant's public key, the serial
// and the timestamp window. It answers JSAPI and H5 orders and refunds with signed answers
// (Wechatpay-Signature with its platform key), closes orders, and builds payment and refund notifies as WeChat Pay sends them:
// the transaction encrypted AEAD_AES_256_GCM with the APIv3 key, the body signed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

export interface FakeWechatPayOptions {
  mchId: string;
  appId: string;
  mchSerial: string;
  /** The merchant's public key, uploaded to WeChat Pay: our requests must verify with it. */
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformSerial: string;
  apiV3Key: string;
  now: () => number;
}

export interface WechatOrder {
  kind: 'jsapi' | 'h5';
  body: Record<string, unknown>;
}

export class FakeWechatPay {
  readonly orders: WechatOrder[] = [];
  readonly refunds: Record<string, unknown>[] = [];
  /** Orders closed through the close-order API, with the body that asked. */
  readonly closed: { orderNo: string; body: Record<string, unknown> }[] = [];
  /** Requests refused, with the reason (a wrong signature, serial or time). */
  readonly refused: string[] = [];
  /** Answers signed with this key instead of the platform's (a man in the middle). */
  signWith: KeyObject | undefined;
  private server!: http.Server;
  url = '';

  constructor(private readonly options: FakeWechatPayOptions) {}

  /** Signs `timestamp\nnonce\nbody\n` with the platform key, as WeChat Pay's answers and notifies are. */
  signedHeaders(
    body: string,
    key: KeyObject = this.options.platformPrivateKey,
  ): Record<string, string> {
    const timestamp = String(Math.floor(this.options.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(key, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': this.options.platformSerial,
    };
  }

  /** A TRANSACTION.SUCCESS notify body for an order, encrypted as WeChat Pay encrypts it. */
  notifyBody(transaction: {
    orderNo: string;
    total: number;
    tradeState?: string;
    id?: string;
  }): string {
    const plain = JSON.stringify({
      mchid: this.options.mchId,
      appid: this.options.appId,
      out_trade_no: transaction.orderNo,
      transaction_id: `4200${randomBytes(12).toString('hex')}`,
      trade_type: 'MWEB',
      trade_state: transaction.tradeState ?? 'SUCCESS',
      trade_state_desc: '支付成功',
      success_time: '2026-01-15T12:01:00+08:00',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: {
        total: transaction.total,
        payer_total: transaction.total,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    });
    return this.event('TRANSACTION.SUCCESS', '支付成功', 'transaction', plain, transaction.id);
  }

  /** A REFUND.* notify body for a refund, encrypted as WeChat Pay encrypts it. */
  refundNotifyBody(refund: {
    orderNo: string;
    refundNo: string;
    refund: number;
    total: number;
    status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
    id?: string;
  }): string {
    const status = refund.status ?? 'SUCCESS';
    const plain = JSON.stringify({
      mchid: this.options.mchId,
      out_trade_no: refund.orderNo,
      transaction_id: `4200${randomBytes(12).toString('hex')}`,
      out_refund_no: refund.refundNo,
      refund_id: `5030${randomBytes(10).toString('hex')}`,
      refund_status: status,
      success_time: '2026-01-15T12:30:00+08:00',
      user_received_account: '招商银行信用卡0403',
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
      },
    });
    return this.event(`REFUND.${status}`, '退款状态变更', 'refund', plain, refund.id);
  }

  private event(
    eventType: string,
    summary: string,
    associatedData: string,
    plain: string,
    id: string | undefined,
  ): string {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(this.options.apiV3Key, 'utf8'),
      Buffer.from(nonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([
      cipher.update(plain, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return JSON.stringify({
      id: id ?? randomBytes(16).toString('hex'),
      create_time: '2026-01-15T12:01:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: associatedData,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: associatedData,
        nonce,
      },
    });
  }

  /** Checks a request's Authorization the way WeChat Pay does; the reason it fails, or undefined. */
  private refusal(
    method: string,
    pathWithQuery: string,
    body: string,
    auth: string,
  ): string | undefined {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!match) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    if (fields.mchid !== this.options.mchId) return 'mchid';
    if (fields.serial_no !== this.options.mchSerial) return 'serial_no';
    if (Math.abs(Number(fields.timestamp) * 1000 - this.options.now()) > 5 * 60_000)
      return 'timestamp';
    const message = `${method}\n${pathWithQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message)
      .verify(this.options.merchantPublicKey, fields.signature ?? '', 'base64');
    return ok ? undefined : 'signature';
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const answer = (status: number, payload: unknown) => {
          // 204 answers carry no body, and are signed all the same.
          const text = status === 204 ? '' : JSON.stringify(payload);
          response.writeHead(status, {
            'content-type': 'application/json',
            ...this.signedHeaders(text, this.signWith),
          });
          response.end(text);
        };
        const refused = this.refusal(
          request.method!,
          request.url!,
          body,
          request.headers.authorization ?? '',
        );
        if (refused) {
          this.refused.push(refused);
          return answer(401, { code: 'SIGN_ERROR', message: `签名错误: ${refused}` });
        }
        const parsed = JSON.parse(body) as Record<string, unknown>;
        if (
          request.url === '/v3/pay/transactions/jsapi' ||
          request.url === '/v3/pay/transactions/h5'
        ) {
          if (parsed.mchid !== this.options.mchId || parsed.appid !== this.options.appId)
            return answer(400, { code: 'PARAM_ERROR', message: 'mchid 或 appid 不正确' });
          const kind = request.url.endsWith('jsapi') ? 'jsapi' : 'h5';
          this.orders.push({ kind, body: parsed });
          const prepayId = `wx${randomBytes(14).toString('hex')}`;
          return kind === 'jsapi'
            ? answer(200, { prepay_id: prepayId })
            : answer(200, {
                h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=1037687096`,
              });
        }
        const close = /^\/v3\/pay\/transactions\/out-trade-no\/(\d+)\/close$/.exec(request.url!);
        if (close) {
          if (parsed.mchid !== this.options.mchId)
            return answer(400, { code: 'PARAM_ERROR', message: 'mchid 不正确' });
          this.closed.push({ orderNo: close[1]!, body: parsed });
          return answer(204, null);
        }
        if (request.url === '/v3/refund/domestic/refunds') {
          this.refunds.push(parsed);
          return answer(200, {
            refund_id: `5030${randomBytes(10).toString('hex')}`,
            out_refund_no: parsed.out_refund_no,
            status: 'PROCESSING',
            amount: parsed.amount,
          });
        }
        answer(404, { code: 'NOT_FOUND', message: 'no such API' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
