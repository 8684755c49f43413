// A stand-in for Alibaba Cloud's dysmsapi endpoint that checks requests the way the service
// does: it recomputes the RPC signature from the received parameters with its own code (not the
// server's), refuses unknown keys, stale timestamps, reused nonces and bad signatures with the
// service's error codes and JSON shape, and answers SendSms like the service.
import http from 'node:http';
import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface FakeAliyunOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The service's clock; Timestamp must be within 15 minutes of it. */
  now: () => number;
}

export interface ReceivedSms {
  phoneNumbers: string;
  templateParam: Record<string, string>;
}

const TIMESTAMP_WINDOW_MS = 15 * 60_000;

/** RFC 3986 encoding written out character by character, as the service's reference describes. */
function encode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(method: string, params: Map<string, string>, secret: string): string {
  const canonical = [...params.entries()]
    .filter(([name]) => name !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

export class FakeAliyunSms {
  readonly received: ReceivedSms[] = [];
  /** Every request's parameters as sent, for replaying one. */
  readonly requests: string[] = [];
  private readonly nonces = new Set<string>();
  /** The next SendSms answers this business error instead of OK (e.g. isv.BUSINESS_LIMIT_CONTROL). */
  failNext: { code: string; message: string } | undefined;
  private server!: http.Server;
  url = '';

  constructor(private readonly options: FakeAliyunOptions) {}

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.requests.push(body);
        const [status, answer] = this.handle(request.method ?? 'GET', new URLSearchParams(body));
        response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        response.end(JSON.stringify({ RequestId: randomUUID(), ...answer }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(method: string, form: URLSearchParams): [number, Record<string, string>] {
    const params = new Map(form.entries());
    const o = this.options;
    if (params.get('AccessKeyId') !== o.accessKeyId) {
      return [
        404,
        { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' },
      ];
    }
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return [
        400,
        {
          Code: 'InvalidParameter',
          Message: 'The specified signature method or version is not valid.',
        },
      ];
    }
    const timestamp = Date.parse(params.get('Timestamp') ?? '');
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.get('Timestamp') ?? '') ||
      Number.isNaN(timestamp)
    ) {
      return [
        400,
        {
          Code: 'InvalidTimeStamp.Format',
          Message: 'Specified time stamp or date value is not well formatted.',
        },
      ];
    }
    if (Math.abs(timestamp - o.now()) > TIMESTAMP_WINDOW_MS) {
      return [
        400,
        {
          Code: 'InvalidTimeStamp.Expired',
          Message: 'Specified time stamp or date value is expired.',
        },
      ];
    }
    if (params.get('Signature') !== expectedSignature(method, params, o.accessKeySecret)) {
      return [
        400,
        {
          Code: 'SignatureDoesNotMatch',
          Message: 'Specified signature is not matched with our calculation.',
        },
      ];
    }
    const nonce = params.get('SignatureNonce') ?? '';
    if (!nonce || this.nonces.has(nonce)) {
      return [
        400,
        { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' },
      ];
    }
    this.nonces.add(nonce);
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25') {
      return [
        400,
        {
          Code: 'InvalidAction.NotFound',
          Message: 'Specified api is not found, please check your url and method.',
        },
      ];
    }
    if (params.get('SignName') !== o.signName)
      return [200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' }];
    if (params.get('TemplateCode') !== o.templateCode)
      return [200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' }];
    if (!/^1\d{10}$/.test(params.get('PhoneNumbers') ?? ''))
      return [200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' }];
    if (this.failNext) {
      const failure = this.failNext;
      this.failNext = undefined;
      return [200, { Code: failure.code, Message: failure.message }];
    }
    this.received.push({
      phoneNumbers: params.get('PhoneNumbers')!,
      templateParam: JSON.parse(params.get('TemplateParam') ?? '{}') as Record<string, string>,
    });
    return [200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` }];
  }
}
