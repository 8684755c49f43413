// SMS behind the provider interface: a provider other than the outbox has no /dev/sms-outbox, and
// a provider that fails answers 20011 without using up the shopper's resend interval or caps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import type { SmsProvider } from '../../src/product/index.ts';
import { postForm, sendCode, startProductServer, type ProductTestServer } from './helpers.ts';

/** A gateway stand-in: fails while `down`, otherwise records what it was asked to send. */
class GatewayStandIn implements SmsProvider {
  readonly name = 'gateway-stand-in';
  down = true;
  readonly sent: { mobile: string; text: string }[] = [];
  async send(mobile: string, text: string): Promise<void> {
    if (this.down) throw new Error('gateway unreachable');
    this.sent.push({ mobile, text });
  }
}

describe('an SMS provider other than the outbox', () => {
  let s: ProductTestServer;
  const gateway = new GatewayStandIn();
  beforeAll(async () => {
    s = await startProductServer(
      {
        smsDailyLimitPerMobile: 2,
        smsImageCaptchaAfterPerMobile: 100,
        smsImageCaptchaAfterPerAddress: 100,
      },
      { sms: gateway },
    );
  });
  afterAll(() => s?.stop());

  it('has no dev outbox: the path does not exist', async () => {
    const outbox = await fetch(`${s.url}/dev/sms-outbox?mobile=13800138000`);
    expect(outbox.status).toBe(404);
  });

  it('answers 20011 when the provider fails, and a failed send does not count against the interval or the daily cap', async () => {
    const mobile = '13800138001';
    gateway.down = true;
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(s.url, mobile)).body).toMatchObject({
        code: CODES.smsSendFailed.code,
        message: '短信发送失败，请稍后再试',
      });
    }

    // The gateway is back: the shopper is not told to wait, and the cap of 2 a day is intact.
    gateway.down = false;
    expect((await sendCode(s.url, mobile)).body.code).toBe(0);
    expect(gateway.sent).toHaveLength(1);
    expect(gateway.sent[0]!.mobile).toBe(mobile);
    s.clock.advance(60_000);
    expect((await sendCode(s.url, mobile)).body.code).toBe(0);
    s.clock.advance(60_000);
    expect((await sendCode(s.url, mobile)).body.code).toBe(CODES.smsDailyLimitMobile.code);

    // The delivered code is the one the server checks (the latest send's).
    const latest = /\d{6}/.exec(gateway.sent[1]!.text)![0];
    const register = await postForm(s.url, '/ouser-web/memberRegisterForm.do', {
      mobile,
      captchas: latest,
    });
    expect(register.body.code).toBe(0);
  });
});
