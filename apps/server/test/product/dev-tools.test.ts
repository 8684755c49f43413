// Development tools stay development tools: the SMS outbox answers only this machine (judged by
// the TCP peer, not X-Forwarded-For) and does not exist in production; SMS codes serve only
// their purpose; logs hold no session token and no SMS code; a client's x-request-id is kept
// only when it is shaped like an id.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import { isLoopbackAddress } from '../../src/product/loopback.ts';
import {
  captureLog,
  startTestServer,
  type CapturedLog,
  type TestServer,
} from '../harness/index.ts';
import {
  LEGACY,
  getJson,
  outboxCode,
  postForm,
  sendCode,
  startProductServer,
  type ProductTestServer,
} from './helpers.ts';

const SMS_LIMITS = { smsImageCaptchaAfterPerMobile: 100, smsImageCaptchaAfterPerAddress: 100 };

/** An address of this machine other than loopback, to reach the server as another host would. */
function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false],
    ['::ffff:10.0.0.1', false],
    ['fd00::2', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('the SMS outbox in development', () => {
  let s: ProductTestServer;
  let captured: CapturedLog;
  beforeAll(async () => {
    captured = captureLog('info');
    s = Object.assign(
      await startTestServer(
        { seedDemo: false, host: '0.0.0.0', ...SMS_LIMITS },
        {},
        { log: captured.log },
      ),
      {
        clock: undefined as never,
      },
    );
  });
  afterAll(() => s?.stop());

  it('answers this machine even when X-Forwarded-For names another address', async () => {
    expect((await sendCode(s.url, '13800138101')).body.code).toBe(0);
    const answer = await getJson<{ code: string }[]>(s.url, '/dev/sms-outbox?mobile=13800138101', {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]!.code).toMatch(/^\d{6}$/);
  });

  const external = externalAddress();
  it.runIf(external)(
    'refuses another machine with 10006, even when X-Forwarded-For claims loopback',
    async () => {
      const base = `http://${external}:${s.port}`;
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const answer = await getJson(base, '/dev/sms-outbox?mobile=13800138101', headers);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({
          code: CODES.loopbackOnly.code,
          message: '该接口仅限本机访问',
          data: null,
        });
      }
    },
  );

  it('keeps SMS codes and session tokens out of the log', async () => {
    const mobile = '13800138102';
    await sendCode(s.url, mobile);
    const code = await outboxCode(s.url, mobile);
    const registered = await postForm<{ ut: string }>(s.url, '/ouser-web/memberRegisterForm.do', {
      mobile,
      captchas: code,
      ...LEGACY,
    });
    const ut = registered.body.data.ut;
    // A mini-program page arrives with ?ut= in its address; an app call sends the header.
    await fetch(`${s.url}/activity/sign/index?from=mp&ut=${ut}`);
    await fetch(`${s.url}/ouser-web/api/user/info.do?ut=${ut}`, { headers: { ut } });
    const text = captured.text();
    // The request was logged, without its query (the access log drops queries; see log.ts too).
    expect(text).toContain('/ouser-web/api/user/info.do?…');
    expect(text).not.toContain(ut);
    expect(text).not.toContain(code);
  });
});

describe('SMS code purposes', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer(SMS_LIMITS);
  });
  afterAll(() => s?.stop());

  it('a login code cannot register a number, a register code cannot log in; a quick-login code does either', async () => {
    const mobile = '13800138103';
    await sendCode(s.url, mobile, { captchasType: '2' });
    const loginCode = await outboxCode(s.url, mobile);
    const refused = await postForm(s.url, '/ouser-web/memberRegisterForm.do', {
      mobile,
      captchas: loginCode,
      ...LEGACY,
    });
    expect(refused.body).toMatchObject({
      code: CODES.smsCaptchaOtherPurpose.code,
      message: '该验证码不能用于此操作，请重新获取',
    });

    s.clock.advance(61_000);
    await sendCode(s.url, mobile, { captchasType: '1' });
    expect(
      (
        await postForm(s.url, '/ouser-web/memberRegisterForm.do', {
          mobile,
          captchas: await outboxCode(s.url, mobile),
          ...LEGACY,
        })
      ).body.code,
    ).toBe(0);

    s.clock.advance(61_000);
    await sendCode(s.url, mobile, { captchasType: '1' });
    const registerCode = await outboxCode(s.url, mobile);
    expect(
      (
        await postForm(s.url, '/ouser-web/mobileLogin/loginForm.do', {
          mobile,
          captchas: registerCode,
          ...LEGACY,
        })
      ).body.code,
    ).toBe(CODES.smsCaptchaOtherPurpose.code);

    s.clock.advance(61_000);
    await sendCode(s.url, mobile, { captchasType: '3' });
    expect(
      (
        await postForm(s.url, '/ouser-web/mobileLogin/loginForm.do', {
          mobile,
          captchas: await outboxCode(s.url, mobile),
          ...LEGACY,
        })
      ).body.code,
    ).toBe(0);
  });
});

describe('production mode', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      mode: 'production',
      seedDemo: false,
      smsProvider: 'aliyun',
      smsAccessKeyId: 'LTAI5tTestKey0001',
      smsAccessKeySecret: 'test-secret-0123456789',
      smsSignName: '零食铺子',
      smsTemplateCode: 'SMS_123456789',
      smsEndpoint: 'http://127.0.0.1:9',
      openApiClients: 'morsel-h5:our-own-secret-4f9a2c',
      adminKey: 'a-long-random-admin-key-0123',
      imAppKey: 'shop-im-app-key-01',
      imAppSecret: 'shop-im-app-secret-0123',
      publicUrl: 'https://shop.example.com',
    });
  });
  afterAll(() => s?.stop());

  it('has no SMS outbox, not even for this machine', async () => {
    expect((await fetch(`${s.url}/dev/sms-outbox?mobile=13800138104`)).status).toBe(404);
  });

  it('refuses to build with the development defaults', async () => {
    await expect(startTestServer({ mode: 'production', seedDemo: true })).rejects.toThrow(
      /MORSEL_SMS_PROVIDER.*MORSEL_OPENAPI_CLIENTS.*MORSEL_SEED_DEMO.*MORSEL_ADMIN_KEY/s,
    );
  });
});

describe('x-request-id', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer();
  });
  afterAll(() => s?.stop());

  it('keeps an id-shaped value and replaces anything else with a fresh id', async () => {
    const echo = async (value: string) =>
      (await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': value } })).headers.get(
        'x-request-id',
      );
    expect(await echo('req-0123456789_abc')).toBe('req-0123456789_abc');
    for (const bad of [
      'short',
      'a'.repeat(65),
      'id with spaces 123',
      '{"level":60}',
      'abc%0d%0aforged',
    ]) {
      expect(await echo(bad)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });
});
