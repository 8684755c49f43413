// The Alibaba Cloud SMS provider against a stand-in that verifies requests as the service does:
// the published signature example, a full login with the code the "phone" received, and every
// refusal (bad secret, stale clock, replayed nonce, business errors) answered as 20011 with the
// provider's error code in the log and the SMS code nowhere in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import { rpcSignature } from '../../src/product/sms/aliyun-signature.ts';
import { ManualClock } from '../../src/product/index.ts';
import {
  captureLog,
  startTestServer,
  type CapturedLog,
  type TestServer,
} from '../harness/index.ts';
import { LEGACY, postForm, sendCode } from './helpers.ts';
import { FakeAliyunSms } from './fake-aliyun-sms.ts';

const ACCOUNT = {
  accessKeyId: 'LTAI5tTestKey0001',
  accessKeySecret: 'test-secret-0123456789',
  signName: '零食铺子',
  templateCode: 'SMS_123456789',
};

describe('Alibaba Cloud RPC signature', () => {
  it('matches the example in the service reference', () => {
    // "Signature method" of the SMS API reference: these parameters, secret testSecret, GET.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

describe('MORSEL_SMS_PROVIDER=aliyun', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 4, 0, 0));
  const service = new FakeAliyunSms({ ...ACCOUNT, now: () => Date.UTC(2026, 0, 15, 4, 0, 0) });
  let s: TestServer;
  let captured: CapturedLog;
  let nextMobile = 13_900_000_100;
  const mobile = () => String(++nextMobile);

  async function start(secret: string): Promise<TestServer> {
    captured = captureLog('info');
    return startTestServer(
      {
        seedDemo: false,
        smsProvider: 'aliyun',
        smsAccessKeyId: ACCOUNT.accessKeyId,
        smsAccessKeySecret: secret,
        smsSignName: ACCOUNT.signName,
        smsTemplateCode: ACCOUNT.templateCode,
        smsEndpoint: service.url,
        smsImageCaptchaAfterPerMobile: 100,
        smsImageCaptchaAfterPerAddress: 100,
      },
      { clock },
      { log: captured.log },
    );
  }

  beforeAll(async () => {
    await service.start();
    s = await start(ACCOUNT.accessKeySecret);
  });
  afterAll(async () => {
    await s?.stop();
    await service.stop();
  });

  it('sends the code through SendSms; the code the phone got logs the shopper in; no outbox exists', async () => {
    const number = mobile();
    expect((await sendCode(s.url, number)).body.code).toBe(0);
    const sms = service.received.at(-1)!;
    expect(sms.phoneNumbers).toBe(number);
    expect(sms.templateParam.code).toMatch(/^\d{6}$/);
    const registered = await postForm(s.url, '/ouser-web/memberRegisterForm.do', {
      mobile: number,
      captchas: sms.templateParam.code!,
      ...LEGACY,
    });
    expect(registered.body.code).toBe(0);
    expect((await fetch(`${s.url}/dev/sms-outbox?mobile=${number}`)).status).toBe(404);
    expect(captured.text()).not.toContain(sms.templateParam.code);
  });

  it('answers 20011 on a business error, logs the provider code, never the SMS code', async () => {
    service.failNext = { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发分钟级流控Permits:1' };
    const before = service.requests.length;
    const sent = await sendCode(s.url, mobile());
    expect(sent.body).toMatchObject({
      code: CODES.smsSendFailed.code,
      message: CODES.smsSendFailed.message,
    });
    const request = new URLSearchParams(service.requests[before]!);
    const code = (JSON.parse(request.get('TemplateParam')!) as { code: string }).code;
    expect(captured.text()).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(captured.text()).not.toContain(code);
  });

  it('a replayed request is refused by the service (SignatureNonceUsed); each of our sends has a fresh nonce', async () => {
    const nonces = service.requests.map((body) => new URLSearchParams(body).get('SignatureNonce'));
    expect(new Set(nonces).size).toBe(nonces.length);
    const replay = await fetch(service.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: service.requests[0]!,
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ Code: 'SignatureNonceUsed' });
  });

  it('a clock more than 15 minutes off is refused (InvalidTimeStamp.Expired) and reported as 20011', async () => {
    clock.advance(16 * 60_000);
    try {
      expect((await sendCode(s.url, mobile())).body.code).toBe(CODES.smsSendFailed.code);
      expect(captured.text()).toContain('InvalidTimeStamp.Expired');
    } finally {
      clock.advance(-16 * 60_000);
    }
  });

  it('a wrong secret is refused (SignatureDoesNotMatch) and reported as 20011', async () => {
    const wrong = await start('not-the-right-secret');
    try {
      expect((await sendCode(wrong.url, mobile())).body.code).toBe(CODES.smsSendFailed.code);
      expect(captured.text()).toContain('SignatureDoesNotMatch');
    } finally {
      await wrong.stop();
    }
  });
});
