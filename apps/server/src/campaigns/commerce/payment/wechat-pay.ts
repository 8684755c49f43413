// WeChat Pay API v3 (https://pay.weixin.qq.com/doc/v3/merchant/): JSAPI and H5 orders, refunds and
// the payment notify. Requests are signed with the merchant's RSA key (WECHATPAY2-SHA256-RSA2048);
// answers and notifies are verified with WeChat Pay's platform public key; a notify's resource is
// decrypted with the APIv3 key (AEAD_AES_256_GCM).
import {
  createDecipheriv,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { rfc3339China } from './china-time.ts';
import {
  NotifyRejected,
  ProviderError,
  type NotifyRequest,
  type PaymentNotice,
  type PaymentProvider,
  type PayableOrder,
  type RefundNotice,
  type StartOptions,
} from './provider.ts';

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (the key below). */
  mchSerial: string;
  mchPrivateKey: KeyObject;
  /** WeChat Pay's platform public key (or the platform certificate's key). */
  platformPublicKey: KeyObject;
  /** Its id (PUB_KEY_ID_… or the certificate serial): Wechatpay-Serial must name it. */
  platformSerial: string;
  /** The APIv3 key: 32 characters. */
  apiV3Key: string;
  /** https://api.mch.weixin.qq.com */
  apiBase: string;
  /** Our notify URL, https. */
  notifyUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** The server's clock (request timestamps, answer freshness). */
  now: () => number;
}

/** How far a notify's or answer's timestamp may be from our clock. */
const SKEW_MS = 5 * 60_000;

const nonce = () => randomBytes(16).toString('hex');

function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

function header(headers: NotifyRequest['headers'], name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The Authorization header of one request (signature over method, path, time, nonce, body). */
export function authorization(
  options: Pick<WechatPayOptions, 'mchId' | 'mchSerial' | 'mchPrivateKey'>,
  request: {
    method: string;
    pathWithQuery: string;
    body: string;
    timestamp: number;
    nonce: string;
  },
): string {
  const message = `${request.method}\n${request.pathWithQuery}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
  const signature = rsaSign(options.mchPrivateKey, message);
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${options.mchId}",nonce_str="${request.nonce}",` +
    `signature="${signature}",timestamp="${request.timestamp}",serial_no="${options.mchSerial}"`
  );
}

/**
 * Checks a message from WeChat Pay (an answer or a notify): the Wechatpay-Signature over
 * `timestamp\nnonce\nbody\n` with the platform key named by Wechatpay-Serial, within 5 minutes.
 */
export function verifyWechatSignature(
  options: Pick<WechatPayOptions, 'platformPublicKey' | 'platformSerial'>,
  headers: NotifyRequest['headers'],
  body: string,
  now: number,
): string | undefined {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonceStr = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!timestamp || !nonceStr || !signature) return 'signature headers missing';
  if (serial !== options.platformSerial) return `unknown platform key ${serial.slice(0, 64)}`;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Number(timestamp) * 1000 - now) > SKEW_MS)
    return 'timestamp outside 5 minutes';
  const valid = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonceStr}\n${body}\n`)
    .verify(options.platformPublicKey, signature, 'base64');
  return valid ? undefined : 'signature does not verify';
}

interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: the ciphertext ends with the 16-byte tag. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new NotifyRejected(`unknown algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new NotifyRejected('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  try {
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new NotifyRejected('resource does not decrypt with the APIv3 key');
  }
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number };
}

/** The resource of a REFUND.* notify. */
interface RefundResource {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  amount?: { total?: number; refund?: number };
}

export function wechatPayProvider(options: WechatPayOptions): PaymentProvider {
  const base = new URL(options.apiBase);

  async function call(method: 'POST' | 'GET', path: string, payload?: unknown): Promise<unknown> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const url = new URL(path, base);
    const pathWithQuery = `${url.pathname}${url.search}`;
    let response: Response;
    try {
      response = await options.fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'morsel-commerce/1',
          authorization: authorization(options, {
            method,
            pathWithQuery,
            body,
            timestamp: Math.floor(options.now() / 1000),
            nonce: nonce(),
          }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`WeChat Pay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // Every answer, error or not, is signed: an unsigned one did not come from WeChat Pay.
    const problem = verifyWechatSignature(options, headers, text, options.now());
    if (problem) throw new ProviderError(`WeChat Pay answer refused: ${problem}`);
    const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok)
      throw new ProviderError(
        `WeChat Pay ${response.status}: ${String(parsed.code)} ${String(parsed.message)}`,
      );
    return parsed;
  }

  function orderBody(order: PayableOrder, start: StartOptions) {
    return {
      appid: options.appId,
      mchid: options.mchId,
      description: order.subject.slice(0, 127),
      out_trade_no: order.orderNo,
      time_expire: rfc3339China(order.expiresAt),
      notify_url: options.notifyUrl,
      amount: { total: order.amount, currency: 'CNY' },
      ...(start.scene === 'jsapi'
        ? { payer: { openid: start.openid } }
        : { scene_info: { payer_client_ip: start.clientIp, h5_info: { type: 'Wap' } } }),
    };
  }

  return {
    method: 'wechat',
    title: '微信支付',
    appId: options.appId,
    async start(order, start) {
      if (start.scene === 'jsapi') {
        if (!start.openid) throw new ProviderError('JSAPI needs the payer openid');
        const answer = (await call(
          'POST',
          '/v3/pay/transactions/jsapi',
          orderBody(order, start),
        )) as {
          prepay_id?: string;
        };
        if (!answer.prepay_id) throw new ProviderError('JSAPI answer without prepay_id');
        const timeStamp = String(Math.floor(start.now / 1000));
        const nonceStr = nonce();
        const pkg = `prepay_id=${answer.prepay_id}`;
        const paySign = rsaSign(
          options.mchPrivateKey,
          `${options.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`,
        );
        return {
          kind: 'jsapi',
          params: {
            appId: options.appId,
            timeStamp,
            nonceStr,
            package: pkg,
            signType: 'RSA',
            paySign,
          },
        };
      }
      const answer = (await call('POST', '/v3/pay/transactions/h5', orderBody(order, start))) as {
        h5_url?: string;
      };
      if (!answer.h5_url?.startsWith('https://') && !answer.h5_url?.startsWith('http://'))
        throw new ProviderError('H5 answer without h5_url');
      const url = new URL(answer.h5_url);
      url.searchParams.set('redirect_url', start.returnUrl);
      return { kind: 'redirect', url: url.toString() };
    },

    async verifyNotify(request, now): Promise<PaymentNotice> {
      const problem = verifyWechatSignature(options, request.headers, request.rawBody, now);
      if (problem) throw new NotifyRejected(problem);
      const resource = request.fields.resource as EncryptedResource;
      const transaction = JSON.parse(decryptResource(options.apiV3Key, resource)) as Transaction;
      if (transaction.mchid !== options.mchId || transaction.appid !== options.appId)
        throw new NotifyRejected('notify for another merchant or app');
      if (
        typeof transaction.out_trade_no !== 'string' ||
        typeof transaction.transaction_id !== 'string' ||
        !Number.isSafeInteger(transaction.amount?.total)
      )
        throw new NotifyRejected('transaction fields missing');
      return {
        orderNo: transaction.out_trade_no,
        tradeNo: transaction.transaction_id,
        amount: transaction.amount!.total!,
        notifyId: String(request.fields.id),
        paid:
          request.fields.event_type === 'TRANSACTION.SUCCESS' &&
          transaction.trade_state === 'SUCCESS',
      };
    },

    async refund(refund) {
      const answer = (await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: refund.orderNo,
        out_refund_no: refund.refundNo,
        reason: refund.reason.slice(0, 80),
        // Where WeChat Pay tells how a PROCESSING refund ended (payment.wechatRefundNotify).
        notify_url: `${options.notifyUrl}/refund`,
        amount: { refund: refund.amount, total: refund.total, currency: 'CNY' },
      })) as { status?: string };
      // PROCESSING: accepted, the money moves within minutes to days and a refund notify says
      // how it ended; ABNORMAL/CLOSED: not.
      if (answer.status === 'SUCCESS') return 'done';
      if (answer.status === 'PROCESSING') return 'processing';
      throw new ProviderError(`WeChat Pay refund ${String(answer.status)}`);
    },

    async close(orderNo) {
      // 204 No Content when closed; an order already paid answers ORDERPAID (a late payment the
      // kernel refunds when its notify arrives).
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
        mchid: options.mchId,
      });
    },

    async verifyRefundNotify(request, now): Promise<RefundNotice> {
      const problem = verifyWechatSignature(options, request.headers, request.rawBody, now);
      if (problem) throw new NotifyRejected(problem);
      const eventType = String(request.fields.event_type);
      const status = /^REFUND\.(SUCCESS|ABNORMAL|CLOSED)$/.exec(eventType)?.[1];
      if (!status) throw new NotifyRejected(`not a refund event: ${eventType.slice(0, 64)}`);
      const resource = request.fields.resource as EncryptedResource;
      const refund = JSON.parse(decryptResource(options.apiV3Key, resource)) as RefundResource;
      if (refund.mchid !== options.mchId) throw new NotifyRejected('notify for another merchant');
      if (
        typeof refund.out_trade_no !== 'string' ||
        typeof refund.out_refund_no !== 'string' ||
        typeof refund.refund_id !== 'string' ||
        !Number.isSafeInteger(refund.amount?.refund) ||
        refund.refund_status !== status
      )
        throw new NotifyRejected('refund fields missing or not the event');
      return {
        orderNo: refund.out_trade_no,
        refundNo: refund.out_refund_no,
        refundId: refund.refund_id,
        amount: refund.amount!.refund!,
        notifyId: String(request.fields.id),
        status: status as RefundNotice['status'],
      };
    },
  };
}
