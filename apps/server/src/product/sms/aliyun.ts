// Alibaba Cloud SMS (dysmsapi, API version 2017-05-25): SendSms with the approved template and
// sign name, the code as TemplateParam `{"code": "…"}`. A signed form POST to the endpoint
// (MORSEL_SMS_ENDPOINT, the real one by default); the answer's `Code` is "OK" or the provider's
// error code, which becomes an SmsSendError carrying that code and never the SMS code.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { SmsProvider } from './provider.ts';
import { SmsSendError } from './errors.ts';
import { aliyunTimestamp, rpcSignature } from './aliyun-signature.ts';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
  timeoutMs: number;
  clock: Clock;
  fetch?: typeof fetch;
}

interface AliyunAnswer {
  Code?: unknown;
  Message?: unknown;
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(private readonly settings: AliyunSmsSettings) {}

  async send(mobile: string, _text: string, params: { code: string }): Promise<void> {
    const s = this.settings;
    const request: Record<string, string> = {
      AccessKeyId: s.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: s.templateCode,
      TemplateParam: JSON.stringify({ code: params.code }),
      Timestamp: aliyunTimestamp(s.clock.now()),
      Version: '2017-05-25',
    };
    request.Signature = rpcSignature('POST', request, s.accessKeySecret);

    let response: Response;
    try {
      response = await (s.fetch ?? fetch)(new URL('/', s.endpoint), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(request).toString(),
        signal: AbortSignal.timeout(s.timeoutMs),
      });
    } catch (error) {
      throw new SmsSendError(
        this.name,
        'unreachable',
        (error as Error).name === 'TimeoutError' ? 'timed out' : 'no answer',
      );
    }
    let answer: AliyunAnswer;
    try {
      answer = (await response.json()) as AliyunAnswer;
    } catch {
      throw new SmsSendError(this.name, `http-${response.status}`, 'the answer is not JSON');
    }
    if (answer.Code === 'OK') return;
    const code =
      typeof answer.Code === 'string' ? answer.Code.slice(0, 100) : `http-${response.status}`;
    const message = typeof answer.Message === 'string' ? answer.Message.slice(0, 200) : '';
    throw new SmsSendError(this.name, code, message);
  }
}
